import {
  DISCLOSURE_TEXTS,
  DISCLOSURES_SEARCH_MAX_LENGTH,
  type DisclosureCitation,
  type DisclosureEntry,
  hasCapability,
} from '@parley/contracts';
import { CircleAlert, Eye, EyeOff, FileText, Send, ShieldAlert } from 'lucide-react';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { BackLink } from '@/components/back-link';
import { CursorPager } from '@/components/cursor-pager';
import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { PageHeader } from '@/components/page-header';
import { SearchField } from '@/components/search-field';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getErrorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useSignedInSession } from '@/lib/session';
import { usePagedSearch } from '@/lib/use-paged-search';
import { useSetDocumentDisclosure } from './api/document-actions';
import { useProject } from './api/get-project';
import { useDisclosures } from './api/list-disclosures';
import { useSetPassageDisclosure } from './api/passage-actions';
import { passageLabel } from './components/disclosure-dialog';
import { FundLoadError } from './components/fund-load-error';

/**
 * /projects/:id/disclosures, the fund's Disclosures ledger (docs/decisions/053-non-public-documents.md):
 * every reply approved and sent, newest first — when, to whom, approved by whom, the thread, and what it
 * cited, with what of that is non-public now. Directors and admins mark a cited document or passage
 * public from its row, which clears the 'Selective disclosure' flag from later checks.
 */
export function DisclosuresPage() {
  const { id = '' } = useParams();
  const project = useProject(id);
  const back = <BackLink to={paths.project.build(id)}>Back to the fund</BackLink>;

  if (project.isError) {
    return (
      <Page>
        {back}
        <FundLoadError error={project.error} />
      </Page>
    );
  }
  return (
    <Page>
      {back}
      <PageHeader
        title={DISCLOSURE_TEXTS.title}
        subtitle={
          project.data ? `${project.data.name} — ${DISCLOSURE_TEXTS.subtitle}` : DISCLOSURE_TEXTS.subtitle
        }
      />
      <DisclosuresLedger projectId={id} />
    </Page>
  );
}

function DisclosuresLedger({ projectId }: { projectId: string }) {
  const id = useId();
  const { role } = useSignedInSession();
  const canMarkPublic = hasCapability(role, 'projects.manage');
  const paging = usePagedSearch();
  const disclosures = useDisclosures({ projectId, search: paging.search, cursor: paging.cursor });
  const page = disclosures.data;
  const rangeId = `${id}-range`;

  return (
    <Card className="gap-4 px-4 py-4 sm:px-5">
      <SearchField
        id={`${id}-search`}
        label={DISCLOSURE_TEXTS.searchLabel}
        className="sm:w-80"
        placeholder={DISCLOSURE_TEXTS.searchPlaceholder}
        maxLength={DISCLOSURES_SEARCH_MAX_LENGTH}
        value={paging.searchInput}
        onChange={(event) => paging.setSearchInput(event.target.value)}
      />
      {disclosures.isPending ? (
        <Spinner label="Loading disclosures" className="py-8" />
      ) : disclosures.isError && !page ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{getErrorMessage(disclosures.error, DISCLOSURE_TEXTS.loadFailed)}</AlertTitle>
          <AlertDescription>
            <Button variant="outline" size="sm" className="w-fit" onClick={() => void disclosures.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : page && page.items.length === 0 ? (
        paging.search ? (
          <EmptyState
            icon={Send}
            title={DISCLOSURE_TEXTS.noMatch}
            description={DISCLOSURE_TEXTS.noMatchHint(paging.search)}
          />
        ) : (
          <EmptyState icon={Send} title={DISCLOSURE_TEXTS.empty} description={DISCLOSURE_TEXTS.emptyHint} />
        )
      ) : page ? (
        <Table stacked aria-busy={disclosures.isFetching} aria-describedby={rangeId}>
          <TableHeader>
            <TableRow>
              <TableHead>Sent</TableHead>
              <TableHead>To</TableHead>
              <TableHead>Message</TableHead>
              <TableHead>Approved by</TableHead>
              <TableHead>What was told</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {page.items.map((entry) => (
              <DisclosureRow
                key={entry.response_id}
                projectId={projectId}
                entry={entry}
                canMarkPublic={canMarkPublic}
              />
            ))}
          </TableBody>
        </Table>
      ) : null}
      {page && (paging.pageIndex > 0 || page.next_cursor) ? (
        <CursorPager
          statusId={rangeId}
          status={`Page ${paging.pageIndex + 1}`}
          isFetching={disclosures.isFetching}
          canGoBack={paging.pageIndex > 0}
          canGoForward={Boolean(page.next_cursor) && !disclosures.isPlaceholderData}
          onPrevious={paging.goToPreviousPage}
          onNext={() => {
            if (page.next_cursor) paging.goToNextPage(page.next_cursor);
          }}
        />
      ) : null}
      {disclosures.isError && page ? (
        <p role="alert" className="text-destructive text-sm">
          {getErrorMessage(disclosures.error, DISCLOSURE_TEXTS.loadFailed)}
        </p>
      ) : null}
    </Card>
  );
}

function DisclosureRow({
  projectId,
  entry,
  canMarkPublic,
}: {
  projectId: string;
  entry: DisclosureEntry;
  canMarkPublic: boolean;
}) {
  return (
    <TableRow data-testid="disclosure-row" className="align-top">
      <TableCell label="Sent" className="align-top">
        {formatDateTime(entry.approved_at)}
      </TableCell>
      <TableCell label="To" className="max-w-56 align-top whitespace-normal">
        <span className="block font-medium">{entry.investor_name}</span>
        <span className="block break-all text-muted-foreground text-xs">{entry.investor_email}</span>
      </TableCell>
      <TableCell label="Message" className="max-w-64 align-top whitespace-normal">
        <Link
          to={paths.thread.build(entry.message_id)}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {entry.subject}
        </Link>
        <span className="block text-muted-foreground text-xs">Version {entry.version}</span>
        {entry.sent_over_disclosure_flag ? (
          <Badge variant="warning" className="mt-1">
            <ShieldAlert aria-hidden />
            {DISCLOSURE_TEXTS.sentOverFlag}
          </Badge>
        ) : null}
      </TableCell>
      <TableCell label="Approved by" className="align-top whitespace-normal">
        {entry.approved_by_name ?? 'A former member'}
        {entry.override_reason ? (
          <span className="block max-w-56 text-muted-foreground text-xs">
            Reason: {entry.override_reason}
          </span>
        ) : null}
      </TableCell>
      <TableCell className="min-w-64 align-top whitespace-normal">
        {entry.citations.length === 0 ? (
          <span className="text-muted-foreground text-sm">{DISCLOSURE_TEXTS.citesNothing}</span>
        ) : (
          <ol className="grid gap-2" aria-label="What was told">
            {entry.citations.map((citation) => (
              <CitedSource
                key={`${citation.n}`}
                projectId={projectId}
                citation={citation}
                canMarkPublic={canMarkPublic}
              />
            ))}
          </ol>
        )}
      </TableCell>
    </TableRow>
  );
}

/** One [n] of a sent reply: its document and page, the passage as cited, and what is non-public of it now. */
function CitedSource({
  projectId,
  citation,
  canMarkPublic,
}: {
  projectId: string;
  citation: DisclosureCitation;
  canMarkPublic: boolean;
}) {
  const markDocument = useSetDocumentDisclosure();
  const markPassage = useSetPassageDisclosure();
  const label = passageLabel(citation.document_name, citation.page);
  const { document_id: documentId, passage_id: passageId } = citation;
  const onError = (error: unknown) => toast.error(getErrorMessage(error, DISCLOSURE_TEXTS.markPublicFailed));

  return (
    <li className="grid gap-1 text-sm">
      <span className="flex items-start gap-1.5">
        <span className="text-muted-foreground tabular-nums">[{citation.n}]</span>
        <FileText aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        {documentId ? (
          <Link
            to={paths.project.build(projectId, documentId)}
            className="min-w-0 break-all text-primary underline-offset-4 hover:underline"
          >
            {label}
          </Link>
        ) : (
          <span className="min-w-0 break-all">{label}</span>
        )}
      </span>
      {citation.text ? (
        <p className="line-clamp-3 pl-6 text-muted-foreground text-xs" title={citation.text}>
          {citation.text}
        </p>
      ) : null}
      {citation.document_non_public || citation.passage_non_public ? (
        <div className="flex flex-wrap items-center gap-2 pl-6">
          <Badge variant="warning">
            <EyeOff aria-hidden />
            {citation.document_non_public
              ? DISCLOSURE_TEXTS.nonPublicNow
              : DISCLOSURE_TEXTS.passageNonPublicNow}
          </Badge>
          {canMarkPublic && citation.document_non_public && documentId ? (
            <Button
              variant="outline"
              size="sm"
              disabled={markDocument.isPending}
              aria-label={`Mark ${citation.document_name} public`}
              onClick={() =>
                markDocument.mutate(
                  { projectId, documentId, non_public: false },
                  {
                    onSuccess: () => toast.success(DISCLOSURE_TEXTS.markedPublic(citation.document_name)),
                    onError,
                  },
                )
              }
            >
              <Eye aria-hidden="true" />
              {DISCLOSURE_TEXTS.markDocumentPublic}
            </Button>
          ) : null}
          {canMarkPublic && citation.passage_non_public && documentId && passageId ? (
            <Button
              variant="outline"
              size="sm"
              disabled={markPassage.isPending}
              aria-label={`Mark the cited passage of ${label} public`}
              onClick={() =>
                markPassage.mutate(
                  { projectId, documentId, passageId, non_public: false },
                  { onSuccess: () => toast.success(DISCLOSURE_TEXTS.passageMarkedPublic), onError },
                )
              }
            >
              <Eye aria-hidden="true" />
              {DISCLOSURE_TEXTS.markPassagePublic}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
