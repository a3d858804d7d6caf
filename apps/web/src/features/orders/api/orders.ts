import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderView, RejectOrderInput } from '@pricehub/shared/schemas/order';
import type { ReviewInput, ReviewView } from '@pricehub/shared/schemas/review';
import { get, post, put } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => post<{ message: string; order: OrderView }>(`/orders/${orderId}/cancel`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}

export function useAddReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, ...input }: ReviewInput & { orderId: string }) =>
      post<{ message: string; review: ReviewView }>(`/orders/${orderId}/reviews`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}

export const useSellerOrders = () =>
  useQuery({
    queryKey: queryKeys.seller.orders,
    queryFn: () => get<{ orders: OrderView[] }>('/seller/orders').then((r) => r.orders),
  });

export const useSellerOrder = (orderId: string) =>
  useQuery({ queryKey: queryKeys.seller.order(orderId), queryFn: () => get<OrderView>(`/seller/orders/${orderId}`) });

export function useUpdateOrderStatus(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: 'Accepted' | 'Shipped' | 'Completed') =>
      put<{ message: string; order: OrderView }>(`/seller/orders/${orderId}/status`, { status }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.seller.orders }),
  });
}

/** The seller refuses a Booked order with a reason for the customer; it is cancelled, restocked and refunded. */
export function useRejectOrder(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RejectOrderInput) =>
      post<{ message: string; order: OrderView }>(`/seller/orders/${orderId}/reject`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.seller.orders }),
  });
}
