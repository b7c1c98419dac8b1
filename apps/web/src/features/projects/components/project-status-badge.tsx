import type { DocumentStatus, ProjectStatus } from '@parley/contracts';
import { Badge } from '@/components/ui/badge';

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return status === 'active' ? (
    <Badge variant="success">Active</Badge>
  ) : (
    <Badge variant="secondary">Closed</Badge>
  );
}

const DOCUMENT_STATUS: Record<
  DocumentStatus,
  { label: string; variant: 'secondary' | 'success' | 'destructive' | 'warning' }
> = {
  uploaded: { label: 'Uploaded', variant: 'secondary' },
  indexing: { label: 'Indexing', variant: 'warning' },
  indexed: { label: 'Indexed', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
};

export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  const { label, variant } = DOCUMENT_STATUS[status];
  return <Badge variant={variant}>{label}</Badge>;
}
