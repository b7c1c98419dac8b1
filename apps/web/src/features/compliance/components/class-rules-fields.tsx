import {
  CLASS_TEXTS,
  type ClassRule,
  COMMUNICATION_CLASSES,
  type ComplianceSettings,
  formatRole,
  OVERRIDE_ROLES,
} from '@parley/contracts';
import { type Dispatch, useId } from 'react';
import { describedControl, FieldFrame } from '@/components/form-field';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import {
  type ApprovalSettingsAction,
  type ApprovalSettingsForm,
  fieldErrorOf,
} from '../approval-settings-form';
import { LastChanged } from './last-changed';

const APPROVALS = Object.keys(CLASS_TEXTS.approvalNames) as ClassRule['approval'][];

/**
 * The approval matrix card's rules per communication class (docs/decisions/054-communication-class.md):
 * who finalises and who may approve over a high-severity flag; then the supervisory review sample
 * (docs/decisions/055-supervisory-review.md). Below md the table stacks, one card per class.
 */
export function ClassRulesFields({
  form,
  dispatch,
  settings,
  canManage,
}: {
  form: ApprovalSettingsForm;
  dispatch: Dispatch<ApprovalSettingsAction>;
  settings: ComplianceSettings;
  canManage: boolean;
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const hintId = `${id}-hint`;
  const sampleId = `${id}-sample`;
  const sampleError = fieldErrorOf(form.errors, 'review_sample_percent');

  return (
    <>
      <section aria-labelledby={titleId} className="grid gap-3 rounded-lg border p-3">
        <div className="grid gap-1">
          <h3 id={titleId} className="font-medium text-sm">
            {CLASS_TEXTS.classRulesTitle}
          </h3>
          <p id={hintId} className="text-muted-foreground text-sm">
            {CLASS_TEXTS.classRulesHint}
          </p>
          <LastChanged change={settings.last_changed.class_rules} className="w-fit" />
        </div>
        <Table stacked aria-labelledby={titleId} aria-describedby={hintId}>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">{CLASS_TEXTS.classColumn}</TableHead>
              <TableHead scope="col">{CLASS_TEXTS.approvalColumn}</TableHead>
              <TableHead scope="col" className="whitespace-normal">
                {CLASS_TEXTS.overrideColumn}
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {COMMUNICATION_CLASSES.map((name) => {
              const rule = form.classRules[name];
              const approvalError = fieldErrorOf(form.errors, `class_rules.${name}.approval`);
              const overrideError = fieldErrorOf(form.errors, `class_rules.${name}.override`);
              const approvalErrorId = `${id}-${name}-approval-error`;
              const overrideErrorId = `${id}-${name}-override-error`;
              return (
                <TableRow key={name} data-testid={`class-rule-${name}`}>
                  <TableHead scope="row" className="whitespace-normal max-md:h-auto max-md:px-0">
                    {CLASS_TEXTS.classNames[name]}
                  </TableHead>
                  <TableCell label={CLASS_TEXTS.approvalColumn}>
                    <div className="grid justify-items-end gap-1 md:justify-items-start">
                      <Select
                        value={rule.approval}
                        disabled={!canManage}
                        onValueChange={(value) =>
                          dispatch({ type: 'setApproval', name, approval: value as ClassRule['approval'] })
                        }
                      >
                        <SelectTrigger
                          aria-label={CLASS_TEXTS.approvalFor(name)}
                          aria-invalid={approvalError ? true : undefined}
                          aria-describedby={approvalError ? approvalErrorId : undefined}
                          className="w-40"
                        >
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          {APPROVALS.map((approval) => (
                            <SelectItem key={approval} value={approval}>
                              {CLASS_TEXTS.approvalNames[approval]}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                      {approvalError ? (
                        <p id={approvalErrorId} className="whitespace-normal text-destructive text-xs">
                          {approvalError}
                        </p>
                      ) : null}
                    </div>
                  </TableCell>
                  <TableCell label={CLASS_TEXTS.overrideColumn}>
                    <div className="grid justify-items-end gap-1 md:justify-items-start">
                      <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 md:justify-start">
                        {OVERRIDE_ROLES.map((role) => {
                          const boxId = `${id}-${name}-${role}`;
                          return (
                            <div key={role} className="flex items-center gap-2">
                              <Checkbox
                                id={boxId}
                                checked={rule.override.includes(role)}
                                disabled={!canManage}
                                aria-label={CLASS_TEXTS.overrideFor(formatRole(role), name)}
                                aria-invalid={overrideError ? true : undefined}
                                aria-describedby={overrideError ? overrideErrorId : undefined}
                                onCheckedChange={(value) =>
                                  dispatch({ type: 'toggleOverride', name, role, on: value === true })
                                }
                              />
                              <Label htmlFor={boxId} className="font-normal">
                                {formatRole(role)}
                              </Label>
                            </div>
                          );
                        })}
                        {rule.override.length === 0 ? (
                          <span className="text-muted-foreground text-xs">{CLASS_TEXTS.overrideNobody}</span>
                        ) : null}
                      </div>
                      {overrideError ? (
                        <p id={overrideErrorId} className="whitespace-normal text-destructive text-xs">
                          {overrideError}
                        </p>
                      ) : null}
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </section>
      <div className="grid gap-1 rounded-lg border p-3">
        <FieldFrame
          id={sampleId}
          label={`${CLASS_TEXTS.sampleLabel} (%)`}
          hint={CLASS_TEXTS.sampleHint}
          error={sampleError}
        >
          <Input
            id={sampleId}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            className="w-24"
            value={form.sample}
            readOnly={!canManage}
            onChange={(event) => dispatch({ type: 'setSample', text: event.target.value })}
            {...describedControl({
              id: sampleId,
              label: CLASS_TEXTS.sampleLabel,
              error: sampleError,
              hint: CLASS_TEXTS.sampleHint,
            })}
          />
        </FieldFrame>
        <LastChanged change={settings.last_changed.review_sample_percent} className="w-fit" />
      </div>
    </>
  );
}
