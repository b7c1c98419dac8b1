import { COMPLIANCE_TEXTS, type ResponseTemplate } from '@parley/contracts';
import { FileText, Search } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useTemplates } from '@/api/templates/list-templates';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';

/** Insert template: the Compliance center's approved templates, searched on the server, inserted at the cursor. */
export function ComplianceTemplatePicker({
  disabled,
  onInsert,
}: {
  disabled: boolean;
  onInsert: (body: string, templateId: string) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="sm" disabled={disabled}>
          <FileText aria-hidden />
          {COMPLIANCE_TEXTS.insertTemplate}
        </Button>
      </DialogTrigger>
      {open ? (
        <TemplateList
          onPick={(template) => {
            setOpen(false);
            onInsert(template.body, template.id);
          }}
        />
      ) : null}
    </Dialog>
  );
}

function TemplateList({ onPick }: { onPick: (template: ResponseTemplate) => void }) {
  const id = useId();
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q);
  const templates = useTemplates(deferred);
  const items = templates.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <DialogContent className="grid max-h-[85vh] grid-rows-[auto_auto_1fr] gap-4 sm:max-w-xl">
      <DialogHeader>
        <DialogTitle>{COMPLIANCE_TEXTS.insertTemplate}</DialogTitle>
        <DialogDescription>
          Approved templates are inserted where the cursor is in the draft.
        </DialogDescription>
      </DialogHeader>
      <div className="relative">
        <Search
          aria-hidden
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground"
        />
        <Input
          id={`${id}-q`}
          type="search"
          aria-label="Search templates"
          placeholder="Search templates"
          className="pl-8"
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
      </div>
      <div className="min-h-0 overflow-y-auto">
        {templates.isPending ? (
          <Spinner label="Loading templates..." className="py-6" />
        ) : templates.isError ? (
          <p className="text-destructive text-sm">
            {getErrorMessage(templates.error, 'The templates could not be loaded.')}
          </p>
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground text-sm">
            {deferred.trim() ? 'No templates match your search.' : 'No approved templates yet.'}
          </p>
        ) : (
          <ul className="grid gap-2">
            {items.map((template) => (
              <li key={template.id}>
                <button
                  type="button"
                  onClick={() => onPick(template)}
                  className="grid w-full gap-1 rounded-md border p-3 text-left transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="font-medium text-sm">{template.title}</span>
                  <span className="line-clamp-2 text-muted-foreground text-xs">{template.body}</span>
                </button>
              </li>
            ))}
            {templates.hasNextPage ? (
              <li>
                <Button
                  type="button"
                  variant="ghost"
                  className="w-full"
                  onClick={() => templates.fetchNextPage()}
                  disabled={templates.isFetchingNextPage}
                >
                  {templates.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </li>
            ) : null}
          </ul>
        )}
      </div>
    </DialogContent>
  );
}
