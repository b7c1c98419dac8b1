import { useId } from 'react';
import { toast } from 'sonner';
import { useFundOptions } from '@/api/projects/list-projects';
import { SelectField } from '@/components/select-field';
import { getErrorMessage } from '@/lib/api-client';
import { useSetMessageFund } from '../api/set-message-fund';

/**
 * A message Parley could not place (docs/decisions/058-inbound-email.md: an e-mail naming no fund from an
 * investor without one): a member chooses its fund here; drafts, checks and documents follow it.
 */
export function FundPicker({ messageId }: { messageId: string }) {
  const id = useId();
  const funds = useFundOptions();
  const setFund = useSetMessageFund(messageId);
  const items = funds.data ?? [];

  function onChoose(projectId: string) {
    const name = items.find((fund) => fund.id === projectId)?.name;
    setFund.mutate(projectId, {
      onSuccess: () => toast.success(name ? `The message is now about ${name}.` : 'The fund was saved.'),
    });
  }

  const error = setFund.isError
    ? getErrorMessage(setFund.error, 'The fund could not be saved. Try again.')
    : funds.isError
      ? 'The funds could not be loaded.'
      : !funds.isPending && items.length === 0
        ? 'No funds yet: create one under Projects first.'
        : undefined;

  return (
    <SelectField
      id={`${id}-fund`}
      label="Choose the fund"
      hint="Parley could not tell which fund this message is about. Drafts, compliance checks and documents use it."
      error={error}
      value={setFund.isPending ? (setFund.variables ?? '') : ''}
      onValueChange={onChoose}
      options={items.map((fund) => ({
        value: fund.id,
        label: fund.status === 'closed' ? `${fund.name} (closed)` : fund.name,
      }))}
      placeholder={funds.isPending ? 'Loading funds…' : setFund.isPending ? 'Saving…' : 'Select a fund'}
      disabled={funds.isPending || setFund.isPending || items.length === 0}
    />
  );
}
