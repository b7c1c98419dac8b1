import { hasCapability, type ProjectStatus } from '@parley/contracts';
import { AlertCircle, FolderKanban, Plus, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { useProjects } from '@/api/projects/list-projects';
import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useSignedInSession } from '@/lib/session';
import { ProjectCard } from './components/project-card';
import { ProjectFormDialog } from './components/project-form-dialog';

/** /projects (docs/product.md §2 Projects): the organisation's funds as cards; New Project for managers. */
export function ProjectsPage() {
  const { role } = useSignedInSession();
  const canManage = hasCapability(role, 'projects.manage');
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<ProjectStatus | 'all'>('all');
  const deferredQ = useDeferredValue(q);
  const projects = useProjects({ status, q: deferredQ });
  const items = projects.data?.pages.flatMap((page) => page.items) ?? [];
  const isFiltered = deferredQ.trim() !== '' || status !== 'all';

  return (
    <Page>
      <PageHeader
        title="Projects"
        subtitle="Funds and projects with their documents"
        actions={
          canManage ? (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              New Project
            </Button>
          ) : null
        }
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Search
            className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            data-shortcut="search"
            aria-label="Search funds by name"
            placeholder="Search funds"
            className="pl-8"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
        <Select value={status} onValueChange={(value) => setStatus(value as ProjectStatus | 'all')}>
          <SelectTrigger aria-label="Filter by status" className="w-full sm:w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All statuses</SelectItem>
            <SelectItem value="active">Active</SelectItem>
            <SelectItem value="closed">Closed</SelectItem>
          </SelectContent>
        </Select>
      </div>

      {projects.isPending ? (
        <div className="flex justify-center py-12" aria-live="polite">
          <Spinner label="Loading funds" />
        </div>
      ) : projects.isError ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>Failed to load funds</AlertTitle>
          <AlertDescription>
            {getErrorMessage(projects.error, 'Please try again.')}
            <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={() => projects.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState
          icon={FolderKanban}
          title={isFiltered ? 'No funds match' : 'No projects yet'}
          description={
            isFiltered
              ? 'Try another name or status.'
              : canManage
                ? 'Create the first fund with New Project, then upload its documents.'
                : 'An admin or IR director creates funds; they will appear here.'
          }
        />
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((project) => (
              <li key={project.id}>
                <ProjectCard project={project} />
              </li>
            ))}
          </ul>
          {projects.hasNextPage ? (
            <Button
              variant="outline"
              className="self-center"
              disabled={projects.isFetchingNextPage}
              onClick={() => projects.fetchNextPage()}
            >
              {projects.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          ) : null}
        </>
      )}
      <ProjectFormDialog
        open={creating}
        project={null}
        onOpenChange={setCreating}
        onSaved={(project) => navigate(paths.project.build(project.id))}
      />
    </Page>
  );
}
