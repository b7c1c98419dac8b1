import {
  AUDIT_ACTION_KINDS,
  AUDIT_ACTION_TYPES,
  AUDIT_ACTIONS,
  type AuditActionType,
} from '@parley/contracts';
import { Filter } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { type AuditFilters, dateRangeError, NO_AUDIT_FILTERS } from '../audit-filters';
import { AnyOptionSelect } from './any-option-select';

const ACTIONS_BY_KIND = AUDIT_ACTION_KINDS.map((kind) => ({
  kind,
  actions: AUDIT_ACTION_TYPES.filter((type) => AUDIT_ACTIONS[type].kind === kind),
})).filter((group) => group.actions.length > 0);

export type FilterOption = { id: string; label: string };

/** The Filter control (docs/product.md §2 Audit logs): action, user, fund and date range, applied together. */
export function AuditFilterDialog({
  filters,
  members,
  funds,
  onApply,
}: {
  filters: AuditFilters;
  members: readonly FilterOption[];
  funds: readonly FilterOption[];
  onApply: (filters: AuditFilters) => void;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(filters);
  const id = useId();
  const rangeError = dateRangeError(draft);
  const activeCount =
    filters.actions.length +
    (filters.userId ? 1 : 0) +
    (filters.projectId ? 1 : 0) +
    (filters.from ? 1 : 0) +
    (filters.to ? 1 : 0);

  function toggleAction(type: AuditActionType, checked: boolean) {
    setDraft((d) => ({
      ...d,
      actions: checked ? [...d.actions, type] : d.actions.filter((a) => a !== type),
    }));
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft(filters);
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <Filter aria-hidden />
          Filter
          {activeCount > 0 ? (
            <span className="rounded-full bg-primary px-1.5 text-primary-foreground text-xs tabular-nums">
              <span className="sr-only">, active: </span>
              {activeCount}
            </span>
          ) : null}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Filter audit entries</DialogTitle>
          <DialogDescription>Show only the entries that match all of these.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            if (rangeError) return;
            onApply(draft);
            setOpen(false);
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <AnyOptionSelect
              id={`${id}-user`}
              label="User"
              anyLabel="Any user"
              options={members}
              value={draft.userId ?? null}
              onChange={(userId) => setDraft((d) => ({ ...d, userId }))}
            />
            <AnyOptionSelect
              id={`${id}-fund`}
              label="Fund"
              anyLabel="Any fund"
              options={funds}
              value={draft.projectId ?? null}
              onChange={(projectId) => setDraft((d) => ({ ...d, projectId }))}
            />
            <div className="grid gap-2">
              <Label htmlFor={`${id}-from`}>From</Label>
              <Input
                id={`${id}-from`}
                type="date"
                value={draft.from}
                onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-to`}>To</Label>
              <Input
                id={`${id}-to`}
                type="date"
                value={draft.to}
                aria-invalid={rangeError ? true : undefined}
                aria-describedby={rangeError ? `${id}-range` : undefined}
                onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
              />
              {rangeError ? (
                <p id={`${id}-range`} className="text-destructive text-sm">
                  {rangeError}
                </p>
              ) : null}
            </div>
          </div>
          <fieldset className="grid gap-3">
            <legend className="mb-2 font-medium text-sm">Actions</legend>
            <div className="grid max-h-64 gap-4 overflow-y-auto rounded-md border p-3 sm:grid-cols-2">
              {ACTIONS_BY_KIND.map((group) => (
                <div key={group.kind} className="grid content-start gap-2">
                  <p className="font-mono text-muted-foreground text-xs tracking-wide">{group.kind}</p>
                  {group.actions.map((type) => (
                    <Label key={type} className="font-normal">
                      <Checkbox
                        checked={draft.actions.includes(type)}
                        onCheckedChange={(checked) => toggleAction(type, checked === true)}
                      />
                      {AUDIT_ACTIONS[type].label}
                    </Label>
                  ))}
                </div>
              ))}
            </div>
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => setDraft(NO_AUDIT_FILTERS)}>
              Clear all
            </Button>
            <Button type="submit" disabled={rangeError !== null}>
              Apply filters
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
