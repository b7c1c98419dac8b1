import type { Project } from '@parley/contracts';
import { FileText, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { ProjectStatusBadge } from './project-status-badge';

/** docs/product.md §2 Projects: name, fund type, status, document count, message count and last indexed. */
export function ProjectCard({ project }: { project: Project }) {
  return (
    <Link
      to={paths.project.build(project.id)}
      className="group rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <Card className="h-full gap-3 px-5 py-4 transition-colors group-hover:border-primary/40">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0 space-y-0.5">
            <h2 className="line-clamp-2 break-words font-semibold text-base">{project.name}</h2>
            <p className="text-muted-foreground text-sm">{project.fund_type}</p>
          </div>
          <ProjectStatusBadge status={project.status} />
        </div>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div className="flex items-center gap-1.5">
            <FileText className="size-4 text-muted-foreground" aria-hidden="true" />
            <dt className="sr-only">Documents</dt>
            <dd>
              {project.doc_count} {project.doc_count === 1 ? 'document' : 'documents'}
            </dd>
          </div>
          <div className="flex items-center gap-1.5">
            <Mail className="size-4 text-muted-foreground" aria-hidden="true" />
            <dt className="sr-only">Messages</dt>
            <dd>
              {project.message_count} {project.message_count === 1 ? 'message' : 'messages'}
            </dd>
          </div>
          <div className="col-span-2 text-muted-foreground text-xs">
            <dt className="inline">Last indexed: </dt>
            <dd className="inline">
              {project.last_indexed ? formatDateTime(project.last_indexed) : 'Never'}
            </dd>
          </div>
        </dl>
      </Card>
    </Link>
  );
}
