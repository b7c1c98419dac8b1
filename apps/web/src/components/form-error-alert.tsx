import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/**
 * Why a form's submission failed, announced at once (role="alert"); its `id` is what the form's
 * aria-describedby points at.
 */
export function FormErrorAlert({
  id,
  title,
  description,
}: {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
}) {
  return (
    <Alert id={id} role="alert" variant="destructive">
      <CircleAlert aria-hidden="true" />
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      {description ? <AlertDescription>{description}</AlertDescription> : null}
    </Alert>
  );
}
