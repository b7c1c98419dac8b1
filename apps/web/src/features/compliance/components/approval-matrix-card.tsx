import {
  APPROVAL_LEVELS,
  type ApprovalLevel,
  COMPLIANCE_TEXTS,
  type ComplianceSettings,
  formatRole,
  ROLES,
  type Role,
} from '@parley/contracts';
import { LoaderCircle, Save } from 'lucide-react';
import { useId, useReducer } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useSaveComplianceSettings } from '../api/settings';
import { fixedCell } from '../approval-matrix-cells';
import {
  approvalSettingsFormOf,
  approvalSettingsInputOf,
  approvalSettingsReducer,
  isApprovalSettingsChanged,
} from '../approval-settings-form';
import { COMPLIANCE_SECTIONS } from '../compliance-sections';
import { ClassRulesFields } from './class-rules-fields';
import { LastChanged } from './last-changed';
import { SectionTitle } from './section-title';

const LEVEL_LABEL: Record<ApprovalLevel, string> = {
  none: 'No flags',
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

/** A column's heading: the role's name, and for is_associate why its column stays empty. */
const roleHeading = (role: Role) =>
  role === 'is_associate' ? `${formatRole(role)} (read-only)` : formatRole(role);

const ROLE_SHORT: Record<Role, string> = {
  admin: 'Admin',
  ir_director: 'Director',
  ir_associate: 'Associate',
  is_associate: 'Read-only',
};

/**
 * The approval matrix: which roles may finalise a draft at each highest flag severity, four-eyes
 * (nobody finalises a reply they wrote or submitted: docs/decisions/052-four-eyes.md), the rules per
 * communication class and the supervisory review sample, saved together. The server enforces what is
 * saved here (requires_approval follows it).
 */
export function ApprovalMatrixCard({
  settings,
  canManage,
}: {
  settings: ComplianceSettings;
  canManage: boolean;
}) {
  const id = useId();
  const [form, dispatch] = useReducer(approvalSettingsReducer, settings, approvalSettingsFormOf);
  const { matrix, fourEyes } = form;
  const save = useSaveComplianceSettings();
  const isChanged = isApprovalSettingsChanged(form, settings);

  function submit() {
    if (!canManage || save.isPending) return;
    const prepared = approvalSettingsInputOf(form, settings);
    if ('errors' in prepared) {
      dispatch({ type: 'failed', errors: prepared.errors });
      return;
    }
    save.mutate(prepared.input, {
      onError: (error) => {
        const fields = isApiError(error) ? error.fields : undefined;
        if (fields) dispatch({ type: 'failed', errors: fields });
        const field = fields ? Object.values(fields)[0] : undefined;
        toast.error(field ?? getErrorMessage(error, COMPLIANCE_TEXTS.settingsSaveFailed));
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <SectionTitle section={COMPLIANCE_SECTIONS.matrix} />
        <CardDescription>
          Who may mark a draft final or approve and send it, by the highest severity among its flags.
        </CardDescription>
        <LastChanged change={settings.last_changed.approval_matrix} className="w-fit" />
      </CardHeader>
      <CardContent className="grid gap-4">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead scope="col" className="max-md:px-1 max-md:text-xs">
                Highest flag
              </TableHead>
              {ROLES.map((role) => (
                <TableHead
                  key={role}
                  scope="col"
                  className="whitespace-normal text-center max-md:px-1 max-md:text-xs"
                >
                  <span className="max-md:hidden">{roleHeading(role)}</span>
                  <span className="md:hidden" title={roleHeading(role)}>
                    {ROLE_SHORT[role]}
                  </span>
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {APPROVAL_LEVELS.map((level) => (
              <TableRow key={level}>
                <TableHead scope="row" className="font-medium max-md:px-1 max-md:text-xs">
                  {LEVEL_LABEL[level]}
                </TableHead>
                {ROLES.map((role) => {
                  const fixed = fixedCell(level, role);
                  const checked = fixed ? fixed.checked : matrix[level].includes(role);
                  return (
                    <TableCell key={role} className="text-center max-md:px-1">
                      <Checkbox
                        checked={checked}
                        disabled={!canManage || fixed !== null}
                        onCheckedChange={(value) =>
                          dispatch({ type: 'toggleMatrix', level, role, on: value === true })
                        }
                        aria-label={`${roleHeading(role)} may finalise drafts with ${LEVEL_LABEL[level].toLowerCase()}${level === 'none' ? '' : ' flags'}${fixed ? ` (${fixed.reason})` : ''}`}
                        title={fixed?.reason}
                      />
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-four-eyes`}>{COMPLIANCE_TEXTS.fourEyes}</Label>
            <p id={`${id}-four-eyes-hint`} className="text-muted-foreground text-sm">
              {COMPLIANCE_TEXTS.fourEyesHint}
            </p>
            <LastChanged change={settings.last_changed.four_eyes} className="w-fit" />
          </div>
          <Switch
            id={`${id}-four-eyes`}
            checked={fourEyes}
            disabled={!canManage || save.isPending}
            aria-describedby={`${id}-four-eyes-hint`}
            onCheckedChange={(on) => dispatch({ type: 'setFourEyes', on })}
          />
        </div>
        <ClassRulesFields form={form} dispatch={dispatch} settings={settings} canManage={canManage} />
        {canManage ? (
          <div className="flex justify-end">
            <Button type="button" onClick={submit} disabled={save.isPending || !isChanged}>
              {save.isPending ? (
                <LoaderCircle aria-hidden className="motion-safe:animate-spin" />
              ) : (
                <Save aria-hidden />
              )}
              Save approval rules
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
