import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderReturns, ReturnDecisionInput, ReturnStatus, ReturnView } from '@pricehub/shared/schemas/return';
import { get, post, put } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** An order's returns and whether the customer may ask for one now. */
export const useOrderReturns = (orderId: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.orders.returns(orderId),
    queryFn: () => get<OrderReturns>(`/orders/${orderId}/returns`),
    enabled,
  });

export function useRequestReturn(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      post<{ message: string; return: { id: number; status: ReturnStatus } }>(`/orders/${orderId}/returns`, {
        reason,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.orders.returns(orderId) }),
  });
}

export const useSellerReturns = () =>
  useQuery({
    queryKey: queryKeys.seller.returns,
    queryFn: () => get<{ returns: ReturnView[] }>('/seller/returns').then((r) => r.returns),
  });

export function useDecideReturn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: ReturnDecisionInput & { id: number }) =>
      put<{ message: string; return: ReturnView }>(`/seller/returns/${id}`, input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.seller.returns });
      void client.invalidateQueries({ queryKey: queryKeys.seller.orders });
      void client.invalidateQueries({ queryKey: queryKeys.seller.dashboard });
    },
  });
}
