import type { ProjectDocument } from '@parley/contracts';
import { Eye, EyeOff, LoaderCircle, RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getErrorMessage } from '@/lib/api-client';
import { formatBytes, formatDateTime } from '@/lib/format';
import { documentAnchorId } from '@/lib/paths';
import { useDeleteDocument, useReindexDocument, useSetDocumentDisclosure } from '../api/document-actions';
import { documentTypeLabel } from '../document-type';
import { isNonPublic, NonPublicBadge } from '../non-public';
import { DisclosureDialog } from './disclosure-dialog';
import { PassagesSheet } from './passages-sheet';
import { DocumentStatusBadge } from './project-status-badge';

/**
 * A fund's documents with their indexing state; Re-index and Delete for those who may, and Mark
 * non-public / Mark public for directors and admins. The passage count opens the document's passages
 * (PassagesSheet), where single passages are marked. The document a citation links to (the address's
 * #document-<id>, paths.ts) is shown marked, scrolled to and focused.
 */
export function DocumentsTable({
  projectId,
  documents,
  canEdit,
  canMarkDisclosure,
}: {
  projectId: string;
  documents: ProjectDocument[];
  canEdit: boolean;
  canMarkDisclosure: boolean;
}) {
  const linkedId = useLinkedDocument(documents);
  const [deleting, setDeleting] = useState<ProjectDocument | null>(null);
  const [markingNonPublic, setMarkingNonPublic] = useState<ProjectDocument | null>(null);
  const [showingPassagesOf, setShowingPassages] = useState<ProjectDocument | null>(null);
  const reindex = useReindexDocument();
  const remove = useDeleteDocument();
  const disclosure = useSetDocumentDisclosure();

  function markPublic(document: ProjectDocument) {
    disclosure.mutate(
      { projectId, documentId: document.id, non_public: false },
      {
        onSuccess: () => toast.success(`${document.file_name} marked public`),
        onError: (error) => toast.error(getErrorMessage(error, 'Failed to mark the document public')),
      },
    );
  }

  function runReindex(document: ProjectDocument) {
    reindex.mutate(
      { projectId, documentId: document.id },
      {
        onSuccess: (result) =>
          result.status === 'failed'
            ? toast.error(`${document.file_name} could not be indexed`, {
                description: result.error ?? undefined,
              })
            : toast.success(`${document.file_name} re-indexed`),
        onError: (error) => toast.error(getErrorMessage(error, 'Failed to re-index the document')),
      },
    );
  }

  function confirmDelete() {
    if (!deleting || remove.isPending) return;
    const document = deleting;
    remove.mutate(
      { projectId, documentId: document.id },
      {
        onSuccess: () => {
          toast.success(`${document.file_name} deleted`);
          setDeleting(null);
        },
        onError: (error) => toast.error(getErrorMessage(error, 'Failed to delete the document')),
      },
    );
  }

  return (
    <>
      <div className="overflow-x-auto rounded-xl border">
        <Table stacked>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Type</TableHead>
              <TableHead>Size</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Pages</TableHead>
              <TableHead>Passages</TableHead>
              <TableHead>Uploaded</TableHead>
              <TableHead>Indexed</TableHead>
              {canEdit ? <TableHead className="text-right">Actions</TableHead> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {documents.map((document) => {
              const isReindexing = reindex.isPending && reindex.variables?.documentId === document.id;
              return (
                <TableRow
                  key={document.id}
                  id={documentAnchorId(document.id)}
                  tabIndex={-1}
                  data-linked={document.id === linkedId ? 'true' : undefined}
                  className="data-[linked=true]:bg-muted"
                >
                  <TableCell className="max-w-64 font-medium">
                    <span className="block truncate" title={document.file_name}>
                      {document.file_name}
                    </span>
                    <NonPublicBadge mark={document} className="mt-1" />
                  </TableCell>
                  <TableCell label="Type">{documentTypeLabel(document.content_type)}</TableCell>
                  <TableCell label="Size" className="whitespace-nowrap">
                    {formatBytes(document.size_bytes)}
                  </TableCell>
                  <TableCell label="Status">
                    <div className="flex flex-col gap-1">
                      <DocumentStatusBadge status={document.status} />
                      {document.status === 'failed' && document.error ? (
                        <span className="max-w-64 whitespace-normal text-destructive text-xs">
                          {document.error}
                        </span>
                      ) : null}
                    </div>
                  </TableCell>
                  <TableCell label="Pages">{document.page_count ?? '—'}</TableCell>
                  <TableCell label="Passages">
                    {document.passage_count > 0 ? (
                      <Button
                        variant="link"
                        size="sm"
                        className="h-auto p-0"
                        aria-label={`${document.passage_count} passages of ${document.file_name}: show them`}
                        onClick={() => setShowingPassages(document)}
                      >
                        {document.passage_count}
                      </Button>
                    ) : (
                      document.passage_count
                    )}
                  </TableCell>
                  <TableCell label="Uploaded" className="whitespace-nowrap">
                    {formatDateTime(document.created_at)}
                  </TableCell>
                  <TableCell label="Indexed" className="whitespace-nowrap">
                    {document.indexed_at ? formatDateTime(document.indexed_at) : '—'}
                  </TableCell>
                  {canEdit ? (
                    <TableCell className="text-right">
                      <div className="flex justify-end gap-1">
                        {canMarkDisclosure ? (
                          isNonPublic(document) ? (
                            <Button
                              variant="ghost"
                              size="sm"
                              disabled={disclosure.isPending}
                              aria-label={`Mark ${document.file_name} public`}
                              title="Mark public"
                              onClick={() => markPublic(document)}
                            >
                              <Eye aria-hidden="true" />
                              <span className="hidden 2xl:inline">Mark public</span>
                            </Button>
                          ) : (
                            <Button
                              variant="ghost"
                              size="sm"
                              aria-label={`Mark ${document.file_name} non-public`}
                              title="Mark non-public"
                              onClick={() => setMarkingNonPublic(document)}
                            >
                              <EyeOff aria-hidden="true" />
                              <span className="hidden 2xl:inline">Mark non-public</span>
                            </Button>
                          )
                        ) : null}
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={isReindexing}
                          aria-busy={isReindexing}
                          aria-label={`Re-index ${document.file_name}`}
                          onClick={() => runReindex(document)}
                        >
                          {isReindexing ? (
                            <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
                          ) : (
                            <RefreshCw aria-hidden="true" />
                          )}
                          <span className="hidden sm:inline">Re-index</span>
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-destructive"
                          aria-label={`Delete ${document.file_name}`}
                          onClick={() => setDeleting(document)}
                        >
                          <Trash2 aria-hidden="true" />
                          <span className="hidden sm:inline">Delete</span>
                        </Button>
                      </div>
                    </TableCell>
                  ) : null}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      <DisclosureDialog
        projectId={projectId}
        target={
          markingNonPublic
            ? { kind: 'document', documentId: markingNonPublic.id, fileName: markingNonPublic.file_name }
            : null
        }
        onClose={() => setMarkingNonPublic(null)}
      />
      <PassagesSheet
        projectId={projectId}
        // The listed row, so the sheet's badge follows a mark made meanwhile.
        document={documents.find((d) => d.id === showingPassagesOf?.id) ?? showingPassagesOf}
        canMarkDisclosure={canMarkDisclosure}
        onClose={() => setShowingPassages(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={deleting ? `Delete ${deleting.file_name}?` : null}
        description="The file and its indexed passages are removed; drafts can no longer cite it. This cannot be undone."
        confirmLabel="Delete document"
        isDestructive
        isPending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}

/** The listed document the address's fragment names, scrolled into view and focused once it is listed. */
function useLinkedDocument(documents: readonly ProjectDocument[]): string | null {
  const { hash } = useLocation();
  const linkedId = documents.find((d) => `#${documentAnchorId(d.id)}` === hash)?.id ?? null;
  useEffect(() => {
    if (!linkedId) return;
    const row = window.document.getElementById(documentAnchorId(linkedId));
    row?.scrollIntoView({ block: 'center' });
    row?.focus({ preventScroll: true });
  }, [linkedId]);
  return linkedId;
}
