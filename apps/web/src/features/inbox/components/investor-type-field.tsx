import {
  CLASS_TEXTS,
  hasCapability,
  INVESTOR_TYPES,
  type InvestorHistoryResponse,
  type InvestorType,
} from '@parley/contracts';
import { toast } from 'sonner';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { getErrorMessage } from '@/lib/api-client';
import { useSignedInSession } from '@/lib/session';
import { useSetInvestorType } from '../api/set-investor-type';

const typeName = (type: InvestorType) => CLASS_TEXTS.investorTypeNames[type];

/**
 * The investor's type in the investor panel (docs/decisions/054-communication-class.md): those who
 * manage compliance choose it; everyone else reads it. Unset reads as retail, and says so.
 */
export function InvestorTypeField({
  messageId,
  labelId,
  history,
}: {
  messageId: string;
  labelId: string;
  history: InvestorHistoryResponse | undefined;
}) {
  const { role } = useSignedInSession();
  const save = useSetInvestorType(messageId);
  if (!history) return <span className="text-muted-foreground">…</span>;
  const current = history.investor_type;
  const suffix = history.investor_type_set ? '' : ` ${CLASS_TEXTS.investorTypeDefault}`;
  if (!hasCapability(role, 'compliance.manage')) {
    return (
      <span>
        {typeName(current)}
        <span className="text-muted-foreground">{suffix}</span>
      </span>
    );
  }
  function onChange(value: string) {
    save.mutate(value as InvestorType, {
      onSuccess: () => toast.success(CLASS_TEXTS.investorTypeSaved),
      onError: (error) => toast.error(getErrorMessage(error, CLASS_TEXTS.investorTypeSaveFailed)),
    });
  }
  return (
    <Select value={current} onValueChange={onChange} disabled={save.isPending}>
      <SelectTrigger aria-labelledby={labelId} size="sm" className="h-7 w-fit min-w-32">
        <SelectValue>
          {typeName(current)}
          <span className="text-muted-foreground">{suffix}</span>
        </SelectValue>
      </SelectTrigger>
      <SelectContent>
        {INVESTOR_TYPES.map((type) => (
          <SelectItem key={type} value={type}>
            {typeName(type)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
