import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentView } from '@pricehub/shared/schemas/checkout';
import { get, post } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** `watch`: keep asking while the payment is pending (the receipt waits for Stripe's webhook). */
export const usePayment = (paymentId: string | null, watch = false) =>
  useQuery({
    queryKey: queryKeys.payment(paymentId),
    queryFn: () => get<PaymentView>(`/payments/${paymentId}`),
    enabled: !!paymentId,
    refetchInterval: (query) => (watch && query.state.data?.status === 'pending' ? 2000 : false),
  });

/** Pay or cancel on the built-in test gateway. */
export function useTestGateway(paymentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: 'pay' | 'cancel') =>
      post<{ message: string; payment: PaymentView }>(`/payments/test/${paymentId}/${action}`),
    onSuccess: (result) => {
      client.setQueryData(queryKeys.payment(paymentId), result.payment);
      void client.invalidateQueries({ queryKey: queryKeys.cart });
      void client.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
