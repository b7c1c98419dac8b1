import { COMPLIANCE_LIMITS, COMPLIANCE_TEXTS, type ComplianceSettings } from '@parley/contracts';
import { LoaderCircle, Plus, Save, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { FormField } from '@/components/form-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useSaveComplianceSettings } from '../api/settings';
import { COMPLIANCE_SECTIONS } from '../compliance-sections';
import { LastChanged, newestChange } from './last-changed';
import { SectionTitle } from './section-title';

/**
 * docs/product.md §2 the disclaimer block: the forward-looking disclaimer every generated draft ends with,
 * risk factor tags and the compliance contact (added under the disclaimer when set).
 */
export function DisclaimerCard({
  settings,
  canManage,
}: {
  settings: ComplianceSettings;
  canManage: boolean;
}) {
  const id = useId();
  const [disclaimer, setDisclaimer] = useState(settings.forward_looking_disclaimer);
  const [tags, setTags] = useState<string[]>(settings.risk_factor_tags);
  const [tagDraft, setTagDraft] = useState('');
  const [contact, setContact] = useState(settings.compliance_contact);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveComplianceSettings();
  const isChanged =
    disclaimer !== settings.forward_looking_disclaimer ||
    contact !== settings.compliance_contact ||
    JSON.stringify(tags) !== JSON.stringify(settings.risk_factor_tags);

  function addTag() {
    const tag = tagDraft.trim();
    if (!tag) return;
    if (!tags.includes(tag)) setTags([...tags, tag]);
    setTagDraft('');
  }

  function onTagKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      addTag();
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canManage || save.isPending) return;
    if (!disclaimer.trim()) {
      setErrors({ forward_looking_disclaimer: 'Write the forward-looking disclaimer' });
      return;
    }
    setErrors({});
    save.mutate(
      {
        forward_looking_disclaimer: disclaimer,
        risk_factor_tags: tags,
        compliance_contact: contact,
        approval_matrix: settings.approval_matrix,
        unsupported_figure_severity: settings.unsupported_figure_severity,
      },
      {
        onError: (error) => {
          if (isApiError(error) && error.fields) setErrors(error.fields);
          toast.error(getErrorMessage(error, COMPLIANCE_TEXTS.settingsSaveFailed));
        },
      },
    );
  }

  const disclaimerId = `${id}-disclaimer`;
  const tagsId = `${id}-tags`;
  return (
    <Card>
      <CardHeader>
        <SectionTitle section={COMPLIANCE_SECTIONS.disclaimer} />
        <CardDescription>
          Generated drafts end with this disclaimer, then the compliance contact.
        </CardDescription>
        <LastChanged
          change={newestChange(
            settings.last_changed.forward_looking_disclaimer,
            settings.last_changed.risk_factor_tags,
            settings.last_changed.compliance_contact,
          )}
          className="w-fit"
        />
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-2">
            <Label htmlFor={disclaimerId}>{COMPLIANCE_TEXTS.disclaimerLabel}</Label>
            <Textarea
              id={disclaimerId}
              value={disclaimer}
              readOnly={!canManage}
              maxLength={COMPLIANCE_LIMITS.disclaimer}
              onChange={(event) => setDisclaimer(event.target.value)}
              aria-invalid={errors.forward_looking_disclaimer ? true : undefined}
              aria-describedby={errors.forward_looking_disclaimer ? `${disclaimerId}-error` : undefined}
              className="min-h-28"
            />
            {errors.forward_looking_disclaimer ? (
              <p id={`${disclaimerId}-error`} className="text-destructive text-sm">
                {errors.forward_looking_disclaimer}
              </p>
            ) : null}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={tagsId}>{COMPLIANCE_TEXTS.riskTagsLabel}</Label>
            {tags.length > 0 ? (
              <ul className="flex flex-wrap gap-2" aria-label={COMPLIANCE_TEXTS.riskTagsLabel}>
                {tags.map((tag) => (
                  <li key={tag}>
                    <Badge variant="secondary" className="gap-1 py-1 pr-1">
                      {tag}
                      {canManage ? (
                        <button
                          type="button"
                          className="rounded-sm p-0.5 hover:bg-background/60 focus-visible:outline-2 focus-visible:outline-ring"
                          aria-label={`Remove ${tag}`}
                          onClick={() => setTags(tags.filter((t) => t !== tag))}
                        >
                          <X aria-hidden className="size-3" />
                        </button>
                      ) : null}
                    </Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground text-sm">No risk factor tags.</p>
            )}
            {canManage ? (
              <div className="flex gap-2">
                <Input
                  id={tagsId}
                  value={tagDraft}
                  maxLength={COMPLIANCE_LIMITS.riskTag}
                  placeholder="Add a tag, e.g. Liquidity risk"
                  onChange={(event) => setTagDraft(event.target.value)}
                  onKeyDown={onTagKey}
                  disabled={tags.length >= COMPLIANCE_LIMITS.riskTags}
                />
                <Button type="button" variant="outline" onClick={addTag} disabled={!tagDraft.trim()}>
                  <Plus aria-hidden />
                  Add
                </Button>
              </div>
            ) : null}
            {errors.risk_factor_tags ? (
              <p className="text-destructive text-sm">{errors.risk_factor_tags}</p>
            ) : null}
          </div>
          <FormField
            id={`${id}-contact`}
            label={COMPLIANCE_TEXTS.contactLabel}
            value={contact}
            readOnly={!canManage}
            maxLength={COMPLIANCE_LIMITS.contact}
            placeholder="compliance@yourfirm.example"
            onChange={(event) => setContact(event.target.value)}
            error={errors.compliance_contact}
          />
          {canManage ? (
            <div className="flex justify-end">
              <Button type="submit" disabled={save.isPending || !isChanged}>
                {save.isPending ? (
                  <LoaderCircle aria-hidden className="motion-safe:animate-spin" />
                ) : (
                  <Save aria-hidden />
                )}
                Save
              </Button>
            </div>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
