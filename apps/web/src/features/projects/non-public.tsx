import { DISCLOSURE_TEXTS } from '@parley/contracts';
import { EyeOff } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';

/** A document's or a passage's mark, as the API gives it. */
type Mark = { non_public: boolean; public_from: string | null };

/**
 * Non-public now: marked so, with no public date or one still ahead (docs/decisions/053-non-public-documents.md).
 * The browser's clock only decides what is shown; the server's checks use the database's.
 */
export function isNonPublic(mark: Mark): boolean {
  return mark.non_public && (!mark.public_from || new Date(mark.public_from) > new Date());
}

/** 'Non-public' or 'Non-public until <date>', while the mark is in effect. */
export function NonPublicBadge({ mark, className }: { mark: Mark; className?: string }) {
  if (!isNonPublic(mark)) return null;
  return (
    <Badge variant="warning" className={className}>
      <EyeOff aria-hidden />
      {mark.public_from
        ? DISCLOSURE_TEXTS.nonPublicUntil(formatDate(mark.public_from))
        : DISCLOSURE_TEXTS.nonPublic}
    </Badge>
  );
}
