import { FolderOpen } from 'lucide-react';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { BackLink } from '@/components/back-link';
import { paths } from '@/lib/paths';

export function ProjectPage() {
  return (
    <AreaPlaceholder
      before={<BackLink to={paths.projects}>Back to Projects</BackLink>}
      title="Project"
      subtitle="Documents, indexing and messages of one fund"
      icon={FolderOpen}
      emptyTitle="Project not available yet"
      emptyDescription="Project documents and re-indexing arrive with fund and document management; nothing here yet."
    />
  );
}
