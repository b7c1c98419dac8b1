import { Archive, Eye, Pencil } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';

/**
 * One entry of a Compliance center list (an approved template, a library answer): what it says on the
 * left, its actions on the right (below it on a narrow screen).
 */
export function EntryRow({ children, actions, ...props }: ComponentProps<'li'> & { actions: ReactNode }) {
  return (
    <li className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_auto]" {...props}>
      <div className="grid min-w-0 gap-1">{children}</div>
      {actions ? <div className="flex items-start gap-1">{actions}</div> : null}
    </li>
  );
}

/**
 * Open an entry to edit (or read) it, and archive it after a confirmation. The visible words start each
 * button's accessible name ('Edit <title>'), so a voice user can say what they see.
 */
export function EntryActions({
  name,
  openLabel = 'Edit',
  isReadOnly = false,
  onOpen,
  archive,
}: {
  name: string;
  openLabel?: string;
  /** Opening only shows the entry (an eye, not a pencil). */
  isReadOnly?: boolean;
  onOpen: () => void;
  /** Null for those who may not archive it. */
  archive: { description: string; isPending: boolean; onConfirm: () => void } | null;
}) {
  return (
    <>
      <Button type="button" variant="ghost" size="sm" onClick={onOpen} aria-label={`${openLabel} ${name}`}>
        {isReadOnly ? <Eye aria-hidden /> : <Pencil aria-hidden />}
        {openLabel}
      </Button>
      {archive ? (
        <ConfirmDialog
          trigger={
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={archive.isPending}
              aria-label={`Archive ${name}`}
            >
              <Archive aria-hidden />
              Archive
            </Button>
          }
          title={`Archive ‘${name}’?`}
          description={archive.description}
          confirmLabel="Archive"
          closeOnConfirm
          onConfirm={archive.onConfirm}
        />
      ) : null}
    </>
  );
}
