import type { BulkInvitationAction } from '@parley/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { useApplyBulkInvitationAction } from '../api/bulk-invitations';
import { bulkResultToast } from '../bulk-result';

function showResult(result: ReturnType<typeof bulkResultToast>) {
  toast[result.tone](result.text, result.description ? { description: result.description } : undefined);
}

/**
 * Resend Selected / Delete Selected: one request for the whole selection, then the result toast. A
 * request that fails as a whole (offline, a server error) changed nothing, so every invitation in it
 * counts as failed. Delete Selected is confirmed first; the dialog stays open until the server
 * answers. `onSettled` runs after either outcome.
 */
export function useBulkInvitationAction({ onSettled }: { onSettled: () => void }) {
  const mutation = useApplyBulkInvitationAction();
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const running: BulkInvitationAction | null = mutation.isPending
    ? (mutation.variables?.action ?? null)
    : null;

  function run(action: BulkInvitationAction, ids: readonly string[]) {
    if (ids.length === 0 || mutation.isPending) return;
    mutation.mutate(
      { action, ids: [...ids] },
      {
        onSuccess: (result) => showResult(bulkResultToast(action, result)),
        onError: () => showResult(bulkResultToast(action, { succeeded: 0, failed: ids.length })),
        onSettled: () => {
          setConfirmingDelete(false);
          onSettled();
        },
      },
    );
  }

  return { running, run, isConfirmingDelete, setConfirmingDelete };
}
