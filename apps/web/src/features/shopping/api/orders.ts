import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderView, RejectOrderInput } from '@pricehub/shared/schemas/order';
import type { ReviewInput, ReviewView } from '@pricehub/shared/schemas/review';
import { get, post, put } from '../../../api/client';

export const ordersKey = ['orders'] as const;
export const sellerOrdersKey = ['seller', 'orders'] as const;

export const useMyOrders = () =>
  useQuery({ queryKey: ordersKey, queryFn: () => get<{ orders: OrderView[] }>('/orders').then((r) => r.orders) });

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => post<{ message: string; order: OrderView }>(`/orders/${orderId}/cancel`),
    onSuccess: () => client.invalidateQueries({ queryKey: ordersKey }),
  });
}

export function useAddReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, ...input }: ReviewInput & { orderId: string }) =>
      post<{ message: string; review: ReviewView }>(`/orders/${orderId}/reviews`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ordersKey }),
  });
}

export const useSellerOrders = () =>
  useQuery({
    queryKey: sellerOrdersKey,
    queryFn: () => get<{ orders: OrderView[] }>('/seller/orders').then((r) => r.orders),
  });

export const useSellerOrder = (orderId: string) =>
  useQuery({ queryKey: [...sellerOrdersKey, orderId], queryFn: () => get<OrderView>(`/seller/orders/${orderId}`) });

export function useUpdateOrderStatus(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: 'Accepted' | 'Shipped' | 'Completed') =>
      put<{ message: string; order: OrderView }>(`/seller/orders/${orderId}/status`, { status }),
    onSuccess: () => client.invalidateQueries({ queryKey: sellerOrdersKey }),
  });
}

/** The seller refuses a Booked order with a reason for the customer; it is cancelled, restocked and refunded. */
export function useRejectOrder(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RejectOrderInput) =>
      post<{ message: string; order: OrderView }>(`/seller/orders/${orderId}/reject`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: sellerOrdersKey }),
  });
}
