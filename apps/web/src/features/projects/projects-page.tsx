import { FolderKanban } from 'lucide-react';
import { AreaPlaceholder } from '@/components/area-placeholder';

export function ProjectsPage() {
  return (
    <AreaPlaceholder
      title="Projects"
      subtitle="Funds and projects with their documents"
      icon={FolderKanban}
      emptyTitle="No projects yet"
      emptyDescription="Projects arrive with fund and document management; nothing here yet."
    />
  );
}
