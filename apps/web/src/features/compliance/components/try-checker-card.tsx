import { COMPLIANCE_LIMITS, COMPLIANCE_TEXTS, FLAG_TEXTS } from '@parley/contracts';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FlagRationale, FlagRuleBadge, SecondOpinionBadge } from '@/components/flag-why';
import { PendingButton } from '@/components/pending-button';
import { SeverityBadge } from '@/components/severity-badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { useCheckText } from '../api/check-text';
import { COMPLIANCE_SECTIONS } from '../compliance-sections';
import { SectionTitle } from './section-title';

/**
 * Try the checker: any text, checked with the organisation's policy as it stands (nothing stored),
 * each flag with why it was raised, so a policy change can be seen at work before a draft meets it.
 */
export function TryCheckerCard() {
  const id = useId();
  const [text, setText] = useState('');
  const check = useCheckText();
  const result = check.data;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim()) check.mutate(text);
  }

  return (
    <Card>
      <CardHeader>
        <SectionTitle section={COMPLIANCE_SECTIONS.tryChecker} />
        <CardDescription>{FLAG_TEXTS.tryHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form className="grid gap-2" onSubmit={submit}>
          <Label htmlFor={`${id}-text`}>{FLAG_TEXTS.tryLabel}</Label>
          <Textarea
            id={`${id}-text`}
            value={text}
            maxLength={COMPLIANCE_LIMITS.text}
            onChange={(event) => setText(event.target.value)}
            className="min-h-24"
          />
          <div>
            <PendingButton type="submit" isPending={check.isPending} disabled={!text.trim()}>
              {check.isPending ? COMPLIANCE_TEXTS.checking : FLAG_TEXTS.tryButton}
            </PendingButton>
          </div>
        </form>
        <div aria-live="polite" className="grid gap-2">
          {check.isError ? (
            <p className="text-destructive text-sm" role="alert">
              {getErrorMessage(check.error, COMPLIANCE_TEXTS.checkFailed)}
            </p>
          ) : result ? (
            result.flags.length === 0 ? (
              <p className="flex items-center gap-2 text-sm" data-testid="try-no-flags">
                <ShieldCheck aria-hidden className="size-4 text-status-pass" />
                {FLAG_TEXTS.tryNoFlags}
              </p>
            ) : (
              <>
                <p className="font-medium text-sm">{COMPLIANCE_TEXTS.flagsDetected(result.flags.length)}</p>
                <ul className="grid gap-2">
                  {result.flags.map((flag) => (
                    <li
                      key={`${flag.start}-${flag.end}-${flag.rule}`}
                      data-testid="try-flag"
                      className="grid gap-1 rounded-md border p-3"
                    >
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="break-words font-medium">‘{flag.term}’</span>
                        <SeverityBadge severity={flag.severity} />
                        <FlagRuleBadge rule={flag.rule} />
                        <SecondOpinionBadge source={flag.source} />
                      </div>
                      <FlagRationale flag={flag} />
                      {flag.suggestion ? (
                        <p className="text-sm">
                          <span className="text-muted-foreground">Suggestion: </span>
                          <span className="font-medium">{flag.suggestion}</span>
                        </p>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </>
            )
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
