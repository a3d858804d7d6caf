import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentView } from '@pricehub/shared/schemas/checkout';
import { get, post } from '../../../api/client';
import { cartQueryKey } from '../../../api/cart-summary';
import { ordersKey } from './orders';

/** `watch`: keep asking while the payment is pending (the receipt waits for Stripe's webhook). */
export const usePayment = (paymentId: string | null, watch = false) =>
  useQuery({
    queryKey: ['payments', paymentId],
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
      client.setQueryData(['payments', paymentId], result.payment);
      void client.invalidateQueries({ queryKey: cartQueryKey });
      void client.invalidateQueries({ queryKey: ordersKey });
    },
  });
}
