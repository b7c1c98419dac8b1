import { type InvestorType, type InvestorTypeView, investorTypeViewSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalKeys } from '@/api/approvals/approval-keys';
import { api } from '@/lib/api-client';
import { investorHistoryKey } from './get-investor-history';

/** PUT /api/messages/:id/investor/type: the type of the message's investor (decides the reply's class). */
export function setInvestorType(messageId: string, investorType: InvestorType): Promise<InvestorTypeView> {
  return api.put(
    `/api/messages/${encodeURIComponent(messageId)}/investor/type`,
    { investor_type: investorType },
    { parser: investorTypeViewSchema },
  );
}

export function useSetInvestorType(messageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (investorType: InvestorType) => setInvestorType(messageId, investorType),
    // The panel shows the type; the approval state's class and who may finalise follow from it.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: investorHistoryKey(messageId) }),
        queryClient.invalidateQueries({ queryKey: approvalKeys.state(messageId) }),
      ]),
  });
}
