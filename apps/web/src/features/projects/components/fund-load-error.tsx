import { AlertCircle } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { getErrorMessage, isNotFound } from '@/lib/api-client';

/** A fund's page when the fund could not be read: gone (or another organisation's), or a failure. */
export function FundLoadError({ error }: { error: unknown }) {
  const notFound = isNotFound(error);
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden="true" />
      <AlertTitle>{notFound ? 'Fund not found' : 'Failed to load the fund'}</AlertTitle>
      <AlertDescription>
        {notFound
          ? 'This fund does not exist or belongs to another organisation.'
          : getErrorMessage(error, 'Please try again.')}
      </AlertDescription>
    </Alert>
  );
}
