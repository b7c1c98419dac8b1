import { ShieldCheck } from 'lucide-react';
import { AreaPlaceholder } from '@/components/area-placeholder';

export function CompliancePage() {
  return (
    <AreaPlaceholder
      title="Compliance"
      subtitle="Guardrails, disclaimers, the forbidden lexicon and the approval matrix"
      icon={ShieldCheck}
      emptyTitle="No compliance rules yet"
      emptyDescription="The compliance center arrives with the compliance checker; nothing here yet."
    />
  );
}
