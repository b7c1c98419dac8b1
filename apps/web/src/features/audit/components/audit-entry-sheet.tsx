import type { AuditChange, AuditEntryDetail } from '@parley/contracts';
import { ChevronLeft, ChevronRight, CircleAlert, ShieldCheck, ShieldX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { getErrorMessage } from '@/lib/api-client';
import { useAuditEntry } from '../api/get-audit-entry';
import { detailValueText, formatAuditTime, formatAuditUtc } from '../audit-format';
import { ActionBadge } from './action-badge';
import { CopyButton } from './copy-button';

/** One entry in a side sheet: who, what, when, its recorded changes, raw details and chain position. */
export function AuditEntrySheet({
  entryId,
  onOpen,
  onClose,
}: {
  entryId: string | null;
  onOpen: (id: string) => void;
  onClose: () => void;
}) {
  const entry = useAuditEntry(entryId);
  return (
    <Sheet open={entryId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent side="right" className="w-full overflow-y-auto sm:max-w-xl" aria-describedby={undefined}>
        <div className="flex flex-col gap-5 p-6">
          {entry.isPending ? (
            <>
              <SheetTitle>Audit entry</SheetTitle>
              <div className="space-y-3" aria-busy="true">
                {[1, 2, 3, 4].map((i) => (
                  <div key={i} className="h-10 rounded-md bg-muted motion-safe:animate-pulse" />
                ))}
              </div>
            </>
          ) : entry.isError ? (
            <>
              <SheetTitle>Audit entry</SheetTitle>
              <Alert variant="destructive">
                <CircleAlert aria-hidden />
                <AlertTitle>Failed to load the entry</AlertTitle>
                <AlertDescription>{getErrorMessage(entry.error, 'Try again in a moment.')}</AlertDescription>
              </Alert>
            </>
          ) : (
            <EntryBody entry={entry.data} onOpen={onOpen} />
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] items-baseline gap-3 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h3 className="font-semibold text-sm">{title}</h3>
      {children}
    </section>
  );
}

function EntryBody({ entry, onOpen }: { entry: AuditEntryDetail; onOpen: (id: string) => void }) {
  const rawJson = JSON.stringify(entry.details, null, 2);
  return (
    <>
      <div className="space-y-2 pr-6">
        <SheetTitle className="font-semibold text-lg">
          <ActionBadge kind={entry.action_kind} label={entry.action_label} />
        </SheetTitle>
        <SheetDescription className="text-muted-foreground text-sm">
          {entry.summary || `${entry.action_type} on ${entry.entity_type}`}
        </SheetDescription>
      </div>

      <dl className="space-y-2">
        <Field label="User">
          {entry.actor.name}
          {entry.actor.email && entry.actor.email !== entry.actor.name ? (
            <span className="text-muted-foreground"> · {entry.actor.email}</span>
          ) : null}
        </Field>
        <Field label="Project">{entry.project?.name ?? '—'}</Field>
        <Field label="Timestamp">
          <time dateTime={new Date(entry.created_at).toISOString()}>{formatAuditTime(entry.created_at)}</time>
          <span className="block text-muted-foreground text-xs">{formatAuditUtc(entry.created_at)}</span>
        </Field>
        <Field label="Action type">
          <code className="text-xs">{entry.action_type}</code>
        </Field>
        <Field label="Entity">
          <code className="text-xs">{entry.entity_type}</code>
          {entry.entity_id ? (
            <span className="flex items-center gap-1">
              <code className="break-all text-xs">{entry.entity_id}</code>
              <CopyButton value={entry.entity_id} label="Copy entity id" copiedText="Entity id copied" />
            </span>
          ) : null}
        </Field>
      </dl>

      {entry.changes.length > 0 ? (
        <Section title="Changes">
          <ul className="space-y-3">
            {entry.changes.map((change) => (
              <ChangeRow key={change.path || '(value)'} change={change} />
            ))}
          </ul>
        </Section>
      ) : null}

      <Section title="Details">
        <div className="relative">
          <pre className="max-h-80 overflow-auto rounded-md border bg-muted/40 p-3 font-mono text-xs leading-relaxed">
            {rawJson}
          </pre>
          <CopyButton
            value={rawJson}
            label="Copy details JSON"
            copiedText="Details copied"
            className="absolute top-1 right-1"
          />
        </div>
      </Section>

      <Section title="Chain position">
        <dl className="space-y-2">
          <Field label="Sequence">
            <span className="tabular-nums">#{entry.chain.seq}</span>
          </Field>
          <Field label="Hash">
            <HashValue value={entry.chain.hash} label="Copy hash" />
          </Field>
          <Field label="Previous hash">
            <HashValue value={entry.chain.prev_hash} label="Copy previous hash" />
          </Field>
          <Field label="Integrity">
            {entry.chain.hash_matches ? (
              <span className="inline-flex items-center gap-1.5 text-status-pass">
                <ShieldCheck aria-hidden className="size-4" />
                <span className="text-foreground">This entry's hash matches its contents</span>
              </span>
            ) : (
              <span className="inline-flex items-center gap-1.5 text-destructive">
                <ShieldX aria-hidden className="size-4" />
                This entry's hash does not match its contents
              </span>
            )}
          </Field>
        </dl>
        <div className="flex justify-between gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={!entry.chain.previous_id}
            onClick={() => entry.chain.previous_id && onOpen(entry.chain.previous_id)}
          >
            <ChevronLeft aria-hidden />
            Previous entry
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!entry.chain.next_id}
            onClick={() => entry.chain.next_id && onOpen(entry.chain.next_id)}
          >
            Next entry
            <ChevronRight aria-hidden />
          </Button>
        </div>
      </Section>
    </>
  );
}

function HashValue({ value, label }: { value: string; label: string }) {
  return (
    <span className="flex items-start gap-1">
      <code className="break-all font-mono text-xs">{value}</code>
      <CopyButton value={value} label={label} copiedText="Hash copied" />
    </span>
  );
}

/** A recorded change as before → after, the old value struck through. */
function ChangeRow({ change }: { change: AuditChange }) {
  return (
    <li className="space-y-1.5 text-sm">
      <p className="font-medium">{change.path ? change.path.replaceAll('_', ' ') : 'Value'}</p>
      <div className="grid gap-1.5 sm:grid-cols-2">
        <div className="rounded-md border border-destructive/30 bg-destructive/10 px-2 py-1">
          <span className="sr-only">Before: </span>
          <del className="whitespace-pre-wrap break-words font-mono text-xs decoration-destructive/60">
            {detailValueText(change.before)}
          </del>
        </div>
        <div className="rounded-md border border-status-pass/40 bg-status-pass/10 px-2 py-1">
          <span className="sr-only">After: </span>
          <ins className="whitespace-pre-wrap break-words font-mono text-xs no-underline">
            {detailValueText(change.after)}
          </ins>
        </div>
      </div>
    </li>
  );
}
