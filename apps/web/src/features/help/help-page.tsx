import { CircleQuestionMark } from 'lucide-react';
import { AreaPlaceholder } from '@/components/area-placeholder';

export function HelpPage() {
  return (
    <AreaPlaceholder
      title="Help"
      subtitle="Frequently asked questions and keyboard shortcuts"
      icon={CircleQuestionMark}
      emptyTitle="No help articles yet"
      emptyDescription="The FAQ and keyboard shortcuts arrive with the help center; nothing here yet."
    />
  );
}
