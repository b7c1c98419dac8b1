import { SquarePen } from 'lucide-react';
import { AreaPlaceholder } from '@/components/area-placeholder';

export function ComposePage() {
  return (
    <AreaPlaceholder
      title="Compose"
      subtitle="Record a new investor message and draft a reply"
      icon={SquarePen}
      emptyTitle="Nothing to compose yet"
      emptyDescription="Composing messages arrives with message intake and AI drafting; nothing here yet."
    />
  );
}
