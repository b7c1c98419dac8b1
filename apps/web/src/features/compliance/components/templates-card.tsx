import { COMPLIANCE_LIMITS, COMPLIANCE_TEXTS, type ResponseTemplate } from '@parley/contracts';
import { Plus } from 'lucide-react';
import { type FormEvent, useDeferredValue, useId, useState } from 'react';
import { toast } from 'sonner';
import { useTemplates } from '@/api/templates/list-templates';
import { useArchiveTemplate, useSaveTemplate } from '@/api/templates/save-template';
import { FormDialogFooter, FormDialogHeader } from '@/components/form-dialog';
import { FormField, TextareaField } from '@/components/form-field';
import { LoadMore } from '@/components/load-more';
import { SearchField } from '@/components/search-field';
import { SectionError } from '@/components/section-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { COMPLIANCE_SECTIONS } from '../compliance-sections';
import { EntryActions, EntryRow } from './entry-row';
import { SectionTitle } from './section-title';

/** Approved templates: kept here, inserted into drafts from the workspace. */
export function TemplatesCard({ canManage }: { canManage: boolean }) {
  const id = useId();
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q);
  const templates = useTemplates(deferred);
  const archive = useArchiveTemplate();
  const [editing, setEditing] = useState<ResponseTemplate | 'new' | null>(null);
  const items = templates.data?.pages.flatMap((page) => page.items) ?? [];
  const total = templates.data?.pages[0]?.total;

  function onArchive(template: ResponseTemplate) {
    archive.mutate(template.id, {
      onSuccess: () => toast.success(COMPLIANCE_TEXTS.templateArchived),
      onError: (error) => toast.error(getErrorMessage(error, 'Failed to archive the template')),
    });
  }

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <SectionTitle section={COMPLIANCE_SECTIONS.templates} />
          <CardDescription>
            Reviewed wording the team inserts into drafts{total !== undefined ? ` (${total})` : ''}.
          </CardDescription>
        </div>
        {canManage ? (
          <Button type="button" onClick={() => setEditing('new')}>
            <Plus aria-hidden />
            Add template
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        <SearchField
          id={`${id}-search`}
          label="Search templates"
          placeholder="Search templates"
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        {templates.isPending ? (
          <Spinner label="Loading templates..." className="py-6" />
        ) : templates.isError ? (
          <SectionError
            title="The templates could not be loaded"
            error={templates.error}
            onRetry={() => templates.refetch()}
          />
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground text-sm">
            {deferred.trim() ? 'No templates match your search.' : 'No approved templates yet.'}
          </p>
        ) : (
          <ul className="grid gap-2">
            {items.map((template) => (
              <EntryRow
                key={template.id}
                actions={
                  canManage ? (
                    <EntryActions
                      name={template.title}
                      onOpen={() => setEditing(template)}
                      archive={{
                        description: 'It is no longer offered in the draft workspace or counted as approved.',
                        isPending: archive.isPending,
                        onConfirm: () => onArchive(template),
                      }}
                    />
                  ) : null
                }
              >
                <span className="break-words font-medium text-sm">{template.title}</span>
                <span className="line-clamp-2 whitespace-pre-line break-words text-muted-foreground text-sm">
                  {template.body}
                </span>
                <span className="text-muted-foreground text-xs">
                  Updated {formatDate(template.updated_at)}
                  {template.updated_by_name ? ` by ${template.updated_by_name}` : ''}
                </span>
              </EntryRow>
            ))}
          </ul>
        )}
        <LoadMore query={templates} failedText="More templates could not be loaded." />
      </CardContent>
      <Dialog open={editing !== null} onOpenChange={(open) => (open ? null : setEditing(null))}>
        {editing !== null ? (
          <TemplateForm template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        ) : null}
      </Dialog>
    </Card>
  );
}

function TemplateForm({ template, onClose }: { template: ResponseTemplate | null; onClose: () => void }) {
  const id = useId();
  const save = useSaveTemplate();
  const [title, setTitle] = useState(template?.title ?? '');
  const [body, setBody] = useState(template?.body ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const local: Record<string, string> = {};
    if (!title.trim()) local.title = 'Give the template a title';
    if (!body.trim()) local.body = 'Write the template';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    save.mutate(
      { id: template?.id ?? null, values: { title, body } },
      {
        onSuccess: () => {
          toast.success(COMPLIANCE_TEXTS.templateSaved);
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) setErrors(error.fields);
          toast.error(getErrorMessage(error, 'Failed to save the template'));
        },
      },
    );
  }

  return (
    <DialogContent className="sm:max-w-xl">
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormDialogHeader
          title={template ? 'Edit template' : 'Add template'}
          description="Templates are inserted into drafts as written; keep them compliant."
        />
        <FormField
          id={`${id}-title`}
          label="Title"
          value={title}
          maxLength={COMPLIANCE_LIMITS.templateTitle}
          onChange={(event) => setTitle(event.target.value)}
          error={errors.title}
          autoFocus
        />
        <TextareaField
          id={`${id}-body`}
          label="Text"
          value={body}
          maxLength={COMPLIANCE_LIMITS.templateBody}
          onChange={(event) => setBody(event.target.value)}
          error={errors.body}
          className="min-h-40"
        />
        <FormDialogFooter confirmLabel="Save template" isPending={save.isPending} onCancel={onClose} />
      </form>
    </DialogContent>
  );
}
