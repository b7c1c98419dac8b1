import {
  COMPLIANCE_LIMITS,
  COMPLIANCE_TEXTS,
  type ComplianceSeverity,
  type ComplianceTerm,
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
import { SeveritySelect, usePolicyWrite } from './rule-controls';
import { RuleTable } from './rule-table';
import { SectionTitle } from './section-title';

/** docs/product.md §2 the forbidden lexicon: its six terms (built in) and the organisation's own. */
export function LexiconCard({ terms, canManage }: { terms: ComplianceTerm[]; canManage: boolean }) {
  const write = usePolicyWrite();
  return (
    <Card>
      <CardHeader>
        <SectionTitle section={COMPLIANCE_SECTIONS.lexicon} />
        <CardDescription>
          Words and phrases the checker flags wherever they appear. Built-in terms can be changed or disabled.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <RuleTable
          rules={terms}
          nameHeader="Term"
          emptyText="No terms."
          canManage={canManage}
          isPending={write.isPending}
          getKey={(term) => term.key}
          getName={(term) => term.term}
          renderNameCell={(term) => (
            <TableCell className="font-medium max-md:before:hidden">
              <span className="flex flex-wrap items-center gap-2">
                {term.term}
                {term.is_builtin ? null : <Badge variant="outline">Custom</Badge>}
              </span>
            </TableCell>
          )}
          onUpdate={(term, input) =>
            write.run({ kind: 'update-term', key: term.key, input }, COMPLIANCE_TEXTS.ruleSaved)
          }
          onDelete={(term) => write.run({ kind: 'delete-term', key: term.key }, COMPLIANCE_TEXTS.termDeleted)}
        />
        {canManage ? <AddTermForm /> : null}
      </CardContent>
    </Card>
  );
}

function AddTermForm() {
  const id = useId();
  const write = usePolicyWrite();
  const [term, setTerm] = useState('');
  const [severity, setSeverity] = useState<ComplianceSeverity>('high');
  const [suggestion, setSuggestion] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    if (write.isPending) return;
    if (term.trim().length < 2) {
      setErrors({ term: 'Write the term (at least 2 characters)' });
      return;
    }
    setErrors({});
    write.run(
      { kind: 'add-term', input: { term, severity, suggestion } },
      COMPLIANCE_TEXTS.termAdded,
      () => {
        setTerm('');
        setSuggestion('');
      },
      setErrors,
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded-md border border-dashed p-3 md:grid-cols-[2fr_auto_2fr_auto] md:items-end"
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-term`}>New term</Label>
        <Input
          id={`${id}-term`}
          value={term}
          maxLength={COMPLIANCE_LIMITS.term}
          placeholder="e.g. sure bet"
          onChange={(event) => setTerm(event.target.value)}
          aria-invalid={errors.term ? true : undefined}
          aria-describedby={errors.term ? `${id}-term-error` : undefined}
        />
        {errors.term ? (
          <p id={`${id}-term-error`} className="text-destructive text-sm">
            {errors.term}
          </p>
        ) : null}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-severity`}>Severity</Label>
        <SeveritySelect
          id={`${id}-severity`}
          label="Severity of the new term"
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
          placeholder="e.g. possible outcome"
          onChange={(event) => setSuggestion(event.target.value)}
        />
        {errors.suggestion ? <p className="text-destructive text-sm">{errors.suggestion}</p> : null}
      </div>
      <Button type="submit" disabled={write.isPending}>
        <Plus aria-hidden />
        Add term
      </Button>
    </form>
  );
}
