import {
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_FUND_TYPE_MAX_LENGTH,
  PROJECT_NAME_MAX_LENGTH,
  type Project,
  type ProjectStatus,
} from '@parley/contracts';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { FormDialogFooter, FormDialogHeader } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useSaveProject } from '../api/save-project';

/** New Project (project null) or Edit fund: name, fund type, status and description. */
export function ProjectFormDialog({
  open,
  project,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  project: Project | null;
  onOpenChange: (open: boolean) => void;
  onSaved?: (project: Project) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <ProjectForm project={project} onClose={() => onOpenChange(false)} onSaved={onSaved} /> : null}
    </Dialog>
  );
}

function ProjectForm({
  project,
  onClose,
  onSaved,
}: {
  project: Project | null;
  onClose: () => void;
  onSaved?: ((project: Project) => void) | undefined;
}) {
  const id = useId();
  const [name, setName] = useState(project?.name ?? '');
  const [fundType, setFundType] = useState(project?.fund_type ?? '');
  const [status, setStatus] = useState<ProjectStatus>(project?.status ?? 'active');
  const [description, setDescription] = useState(project?.description ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveProject();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = 'Enter a name';
    if (!fundType.trim()) local.fund_type = 'Enter a fund type';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    save.mutate(
      { id: project?.id ?? null, values: { name, fund_type: fundType, status, description } },
      {
        onSuccess: (saved) => {
          toast.success(project ? 'Fund updated' : 'Fund created');
          onClose();
          onSaved?.(saved);
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) setErrors(error.fields);
          toast.error(getErrorMessage(error, project ? 'Failed to update fund' : 'Failed to create fund'));
        },
      },
    );
  }

  return (
    <DialogContent>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <FormDialogHeader
          title={project ? 'Edit fund' : 'New Project'}
          description={
            project ? 'Change the fund’s details.' : 'Add a fund; its documents can be uploaded next.'
          }
        />
        <FormField
          id={`${id}-name`}
          label="Name"
          value={name}
          maxLength={PROJECT_NAME_MAX_LENGTH}
          placeholder="Fund Alpha - Core Real Estate"
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          autoFocus
        />
        <FormField
          id={`${id}-type`}
          label="Fund type"
          value={fundType}
          maxLength={PROJECT_FUND_TYPE_MAX_LENGTH}
          placeholder="Core Real Estate"
          onChange={(event) => setFundType(event.target.value)}
          error={errors.fund_type}
        />
        <div className="grid gap-2">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <Select value={status} onValueChange={(value) => setStatus(value as ProjectStatus)}>
            <SelectTrigger id={`${id}-status`} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="active">Active</SelectItem>
              <SelectItem value="closed">Closed</SelectItem>
            </SelectContent>
          </Select>
          {errors.status ? <p className="text-destructive text-sm">{errors.status}</p> : null}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-description`}>Description (optional)</Label>
          <Textarea
            id={`${id}-description`}
            value={description}
            maxLength={PROJECT_DESCRIPTION_MAX_LENGTH}
            onChange={(event) => setDescription(event.target.value)}
            aria-invalid={errors.description ? true : undefined}
          />
          {errors.description ? <p className="text-destructive text-sm">{errors.description}</p> : null}
        </div>
        <FormDialogFooter
          confirmLabel={project ? 'Save changes' : 'Create fund'}
          isPending={save.isPending}
          onCancel={onClose}
          isCancelDisabled={save.isPending}
        />
      </form>
    </DialogContent>
  );
}
