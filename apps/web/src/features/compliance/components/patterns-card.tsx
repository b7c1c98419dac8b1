import {
  COMPLIANCE_LIMITS,
  COMPLIANCE_TEXTS,
  type CompliancePattern,
  type ComplianceSeverity,
} from '@parley/contracts';
import { Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TableCell } from '@/components/ui/table';
import { COMPLIANCE_SECTIONS } from '../compliance-sections';
import { CommitInput, SeveritySelect, usePolicyWrite } from './rule-controls';
import { RuleTable } from './rule-table';
import { SectionTitle } from './section-title';

const PHRASE_HINT =
  "Words in order; '*' ends a word stem (guarant*), '|' separates alternatives (double|triple), '#' is any number, '...' allows a gap of up to 3 words.";

/** Guardrail patterns: the checker's built-in rules for promissory language, and the organisation's phrases. */
export function PatternsCard({ patterns, canManage }: { patterns: CompliancePattern[]; canManage: boolean }) {
  const write = usePolicyWrite();
  return (
    <Card>
      <CardHeader>
        <SectionTitle section={COMPLIANCE_SECTIONS.patterns} />
        <CardDescription>
          Promissory and forward-looking language the checker recognises in any wording. Built-in patterns can
          be changed or disabled; your own are written as phrases.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <RuleTable
          rules={patterns}
          nameHeader="Pattern"
          emptyText="No patterns."
          canManage={canManage}
          isPending={write.isPending}
          isTopAligned
          getKey={(pattern) => pattern.id}
          getName={(pattern) => pattern.name}
          renderNameCell={(pattern) => (
            <TableCell className="whitespace-normal align-top max-md:block max-md:before:hidden md:min-w-56 md:max-w-96">
              <div className="grid gap-1">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  {pattern.name}
                  {pattern.is_builtin ? null : <Badge variant="outline">Custom</Badge>}
                </span>
                {pattern.phrase !== null ? (
                  canManage ? (
                    <CommitInput
                      label={`Phrase of ${pattern.name}`}
                      value={pattern.phrase}
                      maxLength={COMPLIANCE_LIMITS.phrase}
                      onCommit={(phrase) =>
                        write.run(
                          { kind: 'update-pattern', id: pattern.id, input: { phrase } },
                          COMPLIANCE_TEXTS.ruleSaved,
                        )
                      }
                    />
                  ) : (
                    <code className="break-words rounded bg-muted px-1.5 py-0.5 text-xs">
                      {pattern.phrase}
                    </code>
                  )
                ) : null}
                {pattern.explanation ? (
                  <span className="text-muted-foreground text-xs">{pattern.explanation}</span>
                ) : null}
              </div>
            </TableCell>
          )}
          onUpdate={(pattern, input) =>
            write.run({ kind: 'update-pattern', id: pattern.id, input }, COMPLIANCE_TEXTS.ruleSaved)
          }
          onDelete={(pattern) =>
            write.run({ kind: 'delete-pattern', id: pattern.id }, COMPLIANCE_TEXTS.patternDeleted)
          }
        />
        {canManage ? <AddPatternForm /> : null}
      </CardContent>
    </Card>
  );
}

function AddPatternForm() {
  const id = useId();
  const write = usePolicyWrite();
  const [name, setName] = useState('');
  const [phrase, setPhrase] = useState('');
  const [severity, setSeverity] = useState<ComplianceSeverity>('medium');
  const [suggestion, setSuggestion] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    if (write.isPending) return;
    const local: Record<string, string> = {};
    if (name.trim().length < 2) local.name = 'Name the pattern';
    if (!phrase.trim()) local.phrase = 'Write the phrase';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    write.run(
      { kind: 'add-pattern', input: { name, phrase, severity, suggestion } },
      COMPLIANCE_TEXTS.patternAdded,
      () => {
        setName('');
        setPhrase('');
        setSuggestion('');
      },
      setErrors,
    );
  }

  const field = (key: string) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="text-destructive text-sm">
        {errors[key]}
      </p>
    ) : null;
  const describedBy = (key: string) => (errors[key] ? `${id}-${key}-error` : undefined);

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded-md border border-dashed p-3 md:grid-cols-2 md:items-start"
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>New pattern name</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={COMPLIANCE_LIMITS.patternName}
          placeholder="e.g. Doubling promises"
          onChange={(event) => setName(event.target.value)}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name')}
        />
        {field('name')}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-phrase`}>Phrase</Label>
        <Input
          id={`${id}-phrase`}
          value={phrase}
          maxLength={COMPLIANCE_LIMITS.phrase}
          placeholder="e.g. double|triple your money"
          onChange={(event) => setPhrase(event.target.value)}
          aria-invalid={errors.phrase ? true : undefined}
          aria-describedby={[`${id}-phrase-hint`, describedBy('phrase')].filter(Boolean).join(' ')}
        />
        <p id={`${id}-phrase-hint`} className="text-muted-foreground text-xs">
          {PHRASE_HINT}
        </p>
        {field('phrase')}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-severity`}>Severity</Label>
        <SeveritySelect
          id={`${id}-severity`}
          label="Severity of the new pattern"
          value={severity}
          onChange={setSeverity}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-suggestion`}>Suggested replacement</Label>
        <Input
          id={`${id}-suggestion`}
          value={suggestion}
          maxLength={COMPLIANCE_LIMITS.suggestion}
          onChange={(event) => setSuggestion(event.target.value)}
        />
        {field('suggestion')}
      </div>
      <div className="flex justify-end md:col-span-2">
        <Button type="submit" disabled={write.isPending}>
          <Plus aria-hidden />
          Add pattern
        </Button>
      </div>
    </form>
  );
}
