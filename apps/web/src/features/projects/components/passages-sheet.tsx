import { DISCLOSURE_TEXTS, type DocumentPassage, type ProjectDocument } from '@parley/contracts';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { LoadMore } from '@/components/load-more';
import { SectionError } from '@/components/section-error';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { getErrorMessage } from '@/lib/api-client';
import { usePassages } from '../api/list-passages';
import { useSetPassageDisclosure } from '../api/passage-actions';
import { isNonPublic, NonPublicBadge } from '../non-public';
import { DisclosureDialog, type DisclosureTarget, passageLabel } from './disclosure-dialog';

/**
 * A document's passages in a side sheet, in the document's order, 'Load more' paging on the server:
 * each with its page and a 'Non-public' badge while marked, and for directors and admins 'Mark
 * non-public' / 'Mark public' on the passage alone (docs/decisions/053-non-public-documents.md).
 */
export function PassagesSheet({
  projectId,
  document,
  canMarkDisclosure,
  onClose,
}: {
  projectId: string;
  document: ProjectDocument | null;
  canMarkDisclosure: boolean;
  onClose: () => void;
}) {
  const passages = usePassages(projectId, document?.id ?? null);
  const items = passages.data?.pages.flatMap((page) => page.items) ?? [];
  const [marking, setMarking] = useState<DisclosureTarget | null>(null);
  const disclosure = useSetPassageDisclosure();

  function markPublic(passage: DocumentPassage) {
    if (!document) return;
    disclosure.mutate(
      { projectId, documentId: document.id, passageId: passage.id, non_public: false },
      {
        onSuccess: () => toast.success(DISCLOSURE_TEXTS.passageMarkedPublic),
        onError: (error) => toast.error(getErrorMessage(error, DISCLOSURE_TEXTS.markPublicFailed)),
      },
    );
  }

  return (
    <Sheet open={document !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent side="right" className="w-full overflow-y-auto sm:max-w-xl">
        <div className="flex flex-col gap-5 p-6">
          <div className="space-y-1.5 pr-6">
            <SheetTitle className="break-all font-semibold text-lg">
              {DISCLOSURE_TEXTS.passagesTitle(document?.file_name ?? '')}
            </SheetTitle>
            <SheetDescription className="text-muted-foreground text-sm">
              {DISCLOSURE_TEXTS.passagesDescription}
            </SheetDescription>
            {document ? <NonPublicBadge mark={document} /> : null}
          </div>
          {passages.isPending ? (
            <div className="space-y-3" aria-busy="true">
              <span className="sr-only">Loading passages…</span>
              {[1, 2, 3].map((i) => (
                <div key={i} className="h-20 rounded-md bg-muted motion-safe:animate-pulse" />
              ))}
            </div>
          ) : passages.isError && items.length === 0 ? (
            <SectionError
              title={DISCLOSURE_TEXTS.passagesLoadFailed}
              error={passages.error}
              onRetry={() => void passages.refetch()}
            />
          ) : items.length === 0 ? (
            <p className="text-muted-foreground text-sm">{DISCLOSURE_TEXTS.passagesEmpty}</p>
          ) : (
            <ol className="grid gap-3" aria-label={DISCLOSURE_TEXTS.passages}>
              {items.map((passage) => {
                const label = passageLabel(document?.file_name ?? '', passage.page);
                const where =
                  passage.page === null ? `Passage ${passage.ordinal + 1}` : `Page ${passage.page}`;
                return (
                  <li
                    key={passage.id}
                    className="grid gap-2 rounded-lg border p-3 text-sm"
                    data-testid="document-passage"
                  >
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="font-medium text-muted-foreground text-xs">{where}</span>
                        <NonPublicBadge mark={passage} />
                      </span>
                      {canMarkDisclosure && document ? (
                        isNonPublic(passage) ? (
                          <Button
                            variant="outline"
                            size="sm"
                            disabled={disclosure.isPending}
                            aria-label={`Mark this passage of ${label} public`}
                            onClick={() => markPublic(passage)}
                          >
                            <Eye aria-hidden="true" />
                            {DISCLOSURE_TEXTS.markPublic}
                          </Button>
                        ) : (
                          <Button
                            variant="outline"
                            size="sm"
                            aria-label={`Mark this passage of ${label} non-public`}
                            onClick={() =>
                              setMarking({
                                kind: 'passage',
                                documentId: document.id,
                                passageId: passage.id,
                                fileName: document.file_name,
                                page: passage.page,
                              })
                            }
                          >
                            <EyeOff aria-hidden="true" />
                            {DISCLOSURE_TEXTS.markNonPublic}
                          </Button>
                        )
                      ) : null}
                    </div>
                    <p className="line-clamp-6 whitespace-pre-line break-words">{passage.text}</p>
                  </li>
                );
              })}
            </ol>
          )}
          <LoadMore query={passages} failedText={DISCLOSURE_TEXTS.passagesLoadFailed} />
        </div>
      </SheetContent>
      <DisclosureDialog projectId={projectId} target={marking} onClose={() => setMarking(null)} />
    </Sheet>
  );
}
