import { COMPLIANCE_TEXTS, type ComplianceSettings, type ComplianceSeverity } from '@parley/contracts';
import { LoaderCircle, Save } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useSaveComplianceSettings } from '../api/settings';
import { COMPLIANCE_SECTIONS } from '../compliance-sections';
import { LastChanged } from './last-changed';
import { SeveritySelect } from './rule-controls';
import { SectionTitle } from './section-title';

/**
 * The claim check (docs/decisions/026-claim-check.md): what it checks, and the severity of an
 * unsupported figure, saved with the rest of the settings like the disclaimer block and the matrix.
 */
export function ClaimCheckCard({
  settings,
  canManage,
}: {
  settings: ComplianceSettings;
  canManage: boolean;
}) {
  const id = useId();
  const [severity, setSeverity] = useState<ComplianceSeverity>(settings.unsupported_figure_severity);
  const save = useSaveComplianceSettings();
  const isChanged = severity !== settings.unsupported_figure_severity;

  function submit() {
    if (!canManage || save.isPending) return;
    save.mutate(
      {
        forward_looking_disclaimer: settings.forward_looking_disclaimer,
        risk_factor_tags: settings.risk_factor_tags,
        compliance_contact: settings.compliance_contact,
        approval_matrix: settings.approval_matrix,
        unsupported_figure_severity: severity,
      },
      {
        onError: (error) => {
          const field = isApiError(error) && error.fields ? Object.values(error.fields)[0] : undefined;
          toast.error(field ?? getErrorMessage(error, COMPLIANCE_TEXTS.settingsSaveFailed));
        },
      },
    );
  }

  const selectId = `${id}-severity`;
  return (
    <Card>
      <CardHeader>
        <SectionTitle section={COMPLIANCE_SECTIONS.claimCheck} />
        <CardDescription>{COMPLIANCE_TEXTS.claimCheckDescription}</CardDescription>
        <LastChanged change={settings.last_changed.unsupported_figure_severity} className="w-fit" />
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="grid gap-1">
            <Label htmlFor={selectId}>{COMPLIANCE_TEXTS.unsupportedFigureSeverityLabel}</Label>
            <p className="text-muted-foreground text-sm">{COMPLIANCE_TEXTS.unsupportedFigureSeverityHint}</p>
          </div>
          <SeveritySelect
            id={selectId}
            value={severity}
            onChange={setSeverity}
            disabled={!canManage}
            label={COMPLIANCE_TEXTS.unsupportedFigureSeverityLabel}
          />
        </div>
        {canManage ? (
          <div className="flex justify-end">
            <Button type="button" onClick={submit} disabled={save.isPending || !isChanged}>
              {save.isPending ? (
                <LoaderCircle aria-hidden className="motion-safe:animate-spin" />
              ) : (
                <Save aria-hidden />
              )}
              Save
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
