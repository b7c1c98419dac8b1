import { toast } from 'sonner';
import { getErrorDetail } from './api-client';

/** A failure's toast: our title for what failed, the server's text below it when it adds something. */
export function toastFailure(title: string, error: unknown) {
  toast.error(title, { description: getErrorDetail(error, title) });
}
