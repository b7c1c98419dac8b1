import { DISCLOSURE_TEXTS, hasCapability } from '@parley/contracts';
import { FileText, Pencil, Send } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useSignedInSession } from '@/lib/session';
import { useProject } from './api/get-project';
import { useDocuments } from './api/list-documents';
import { DocumentUpload } from './components/document-upload';
import { DocumentsTable } from './components/documents-table';
import { FundLoadError } from './components/fund-load-error';
import { ProjectFormDialog } from './components/project-form-dialog';
import { ProjectMessages } from './components/project-messages';
import { ProjectStatusBadge } from './components/project-status-badge';

/** /projects/:id: a fund's details, its documents (upload, re-index, delete) and its messages. */
export function ProjectPage() {
  const { id = '' } = useParams();
  const { role } = useSignedInSession();
  const canManage = hasCapability(role, 'projects.manage');
  const canEditDocuments = hasCapability(role, 'messages.write');
  const [editing, setEditing] = useState(false);
  const project = useProject(id);
  const back = <BackLink to={paths.projects}>Back to Projects</BackLink>;

  if (project.isPending) {
    return (
      <Page>
        {back}
        <div className="flex justify-center py-12">
          <Spinner label="Loading fund" />
        </div>
      </Page>
    );
  }
  if (project.isError) {
    return (
      <Page>
        {back}
        <FundLoadError error={project.error} />
      </Page>
    );
  }

  const fund = project.data;
  return (
    <Page>
      {back}
      <PageHeader
        title={fund.name}
        subtitle={fund.fund_type}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={paths.projectDisclosures.build(fund.id)}>
                <Send aria-hidden="true" />
                {DISCLOSURE_TEXTS.link}
              </Link>
            </Button>
            {canManage ? (
              <Button variant="outline" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                Edit fund
              </Button>
            ) : null}
          </>
        }
      />
      <Card className="gap-3 px-5 py-4">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted-foreground text-xs">Status</dt>
            <dd className="mt-1">
              <ProjectStatusBadge status={fund.status} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground text-xs">Documents</dt>
            <dd className="mt-1 font-medium">{fund.doc_count}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground text-xs">Messages</dt>
            <dd className="mt-1 font-medium">{fund.message_count}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground text-xs">Last indexed</dt>
            <dd className="mt-1">{fund.last_indexed ? formatDateTime(fund.last_indexed) : 'Never'}</dd>
          </div>
        </dl>
        {fund.description ? <p className="text-muted-foreground text-sm">{fund.description}</p> : null}
      </Card>

      <section aria-labelledby="documents-title" className="space-y-3">
        <h2 id="documents-title" className="font-semibold text-lg">
          Documents
        </h2>
        {canEditDocuments ? <DocumentUpload projectId={fund.id} /> : null}
        <ProjectDocuments projectId={fund.id} canEdit={canEditDocuments} canMarkDisclosure={canManage} />
      </section>

      <section aria-labelledby="messages-title" className="space-y-3">
        <h2 id="messages-title" className="font-semibold text-lg">
          Messages
        </h2>
        <ProjectMessages projectId={fund.id} />
      </section>

      <ProjectFormDialog open={editing} project={fund} onOpenChange={setEditing} />
    </Page>
  );
}

function ProjectDocuments({
  projectId,
  canEdit,
  canMarkDisclosure,
}: {
  projectId: string;
  canEdit: boolean;
  canMarkDisclosure: boolean;
}) {
  const documents = useDocuments(projectId);
  if (documents.isPending) return <Spinner label="Loading documents" />;
  if (documents.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {getErrorMessage(documents.error, 'Failed to load documents')}
      </p>
    );
  }
  const items = documents.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={FileText}
        title="No documents yet"
        description={
          canEdit
            ? 'Upload quarterly letters, fact sheets or due-diligence answers; drafts cite their passages.'
            : 'Documents uploaded by the IR team appear here.'
        }
      />
    );
  }
  return (
    <div className="space-y-2">
      <DocumentsTable
        projectId={projectId}
        documents={items}
        canEdit={canEdit}
        canMarkDisclosure={canMarkDisclosure}
      />
      {documents.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          disabled={documents.isFetchingNextPage}
          onClick={() => documents.fetchNextPage()}
        >
          {documents.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}
