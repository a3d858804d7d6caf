import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Escalation, EscalationPage } from '@pricehub/shared/schemas/operator-escalations';
import { get, post } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export const escalationsQuery = (status: 'open' | 'done', page: number) =>
  queryOptions({
    queryKey: queryKeys.operator.escalations.list(status, page),
    queryFn: () => {
      const params = new URLSearchParams({ status });
      if (page > 1) params.set('page', String(page));
      return get<EscalationPage>(`/operator/escalations?${params.toString()}`);
    },
    placeholderData: keepPreviousData,
  });

export const useEscalations = (status: 'open' | 'done', page: number) => useQuery(escalationsQuery(status, page));

export type EscalationAnswer =
  { kind: 'close'; message: string } | { kind: 'refund'; message: string; amount?: number };

/** Refunds or closes an escalation with a message to both sides; the lists and the audit log are read again. */
export function useEscalationAnswer(complaintId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: EscalationAnswer) =>
      post<{ message: string; item: Escalation }>(`/operator/escalations/${complaintId}/${kind}`, body),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.operator.escalations.all }),
        client.invalidateQueries({ queryKey: queryKeys.operator.audit.all }),
      ]);
    },
  });
}
