import type { ComplianceSeverity, RuleLastChanged, UpdateTermInput } from '@parley/contracts';
import type { ReactNode } from 'react';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { LastChanged } from './last-changed';
import { CommitInput, DeleteRuleButton, SeveritySelect } from './rule-controls';

/** What the lexicon's terms and the guardrail patterns have in common. */
type Rule = {
  severity: ComplianceSeverity;
  suggestion: string;
  enabled: boolean;
  is_builtin: boolean;
  last_changed: RuleLastChanged;
};

/**
 * The table of the lexicon and of the patterns: the rule's own first cell, then its severity,
 * suggested replacement and Enabled (editable for those who manage), who changed it last and when (linked
 * to the audit entry), and Delete for custom rules.
 */
export function RuleTable<T extends Rule>({
  rules,
  nameHeader,
  emptyText,
  canManage,
  isPending,
  isTopAligned = false,
  getKey,
  getName,
  renderNameCell,
  onUpdate,
  onDelete,
}: {
  rules: T[];
  nameHeader: string;
  emptyText: string;
  canManage: boolean;
  /** A write is running: the controls that save at once wait for it. */
  isPending: boolean;
  /** Cells start at the top (for a first cell of several lines). */
  isTopAligned?: boolean;
  getKey: (rule: T) => string;
  getName: (rule: T) => string;
  /** The first cell, a TableCell. */
  renderNameCell: (rule: T) => ReactNode;
  onUpdate: (rule: T, input: UpdateTermInput) => void;
  onDelete: (rule: T) => void;
}) {
  const cellClassName = isTopAligned ? 'align-top' : undefined;
  return (
    <Table stacked>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{nameHeader}</TableHead>
          <TableHead scope="col">Severity</TableHead>
          <TableHead scope="col">Suggested replacement</TableHead>
          <TableHead scope="col">Enabled</TableHead>
          <TableHead scope="col">Last changed</TableHead>
          {canManage ? (
            <TableHead scope="col">
              <span className="sr-only">Actions</span>
            </TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rules.length === 0 ? (
          <TableRow>
            <TableCell colSpan={canManage ? 6 : 5} className="py-6 text-center text-muted-foreground">
              {emptyText}
            </TableCell>
          </TableRow>
        ) : (
          rules.map((rule) => {
            const name = getName(rule);
            return (
              <TableRow key={getKey(rule)} className={rule.enabled ? undefined : 'text-muted-foreground'}>
                {renderNameCell(rule)}
                <TableCell label="Severity" className={cellClassName}>
                  <SeveritySelect
                    label={`Severity of ${name}`}
                    value={rule.severity}
                    disabled={!canManage || isPending}
                    onChange={(severity) => onUpdate(rule, { severity })}
                  />
                </TableCell>
                <TableCell label="Suggested replacement" className={cellClassName}>
                  <CommitInput
                    label={`Suggested replacement for ${name}`}
                    value={rule.suggestion}
                    disabled={!canManage}
                    onCommit={(suggestion) => onUpdate(rule, { suggestion })}
                  />
                </TableCell>
                <TableCell label="Enabled" className={cellClassName}>
                  <Switch
                    checked={rule.enabled}
                    disabled={!canManage || isPending}
                    aria-label={`${name} enabled`}
                    onCheckedChange={(enabled) => onUpdate(rule, { enabled })}
                  />
                </TableCell>
                <TableCell label="Last changed" className={cn('whitespace-normal', cellClassName)}>
                  {rule.last_changed ? (
                    <LastChanged change={rule.last_changed} />
                  ) : (
                    <span className="text-muted-foreground text-xs">{rule.is_builtin ? 'Default' : '—'}</span>
                  )}
                </TableCell>
                {canManage ? (
                  <TableCell className={cn('text-right max-md:justify-end', cellClassName)}>
                    {rule.is_builtin ? null : (
                      <DeleteRuleButton name={name} disabled={isPending} onConfirm={() => onDelete(rule)} />
                    )}
                  </TableCell>
                ) : null}
              </TableRow>
            );
          })
        )}
      </TableBody>
    </Table>
  );
}
