import { useQuery } from '@tanstack/react-query';
import type { OrderView } from '@pricehub/shared/schemas/order';
import { get } from './client';
import { queryKeys } from './query-keys';

/** The signed-in customer's orders: the account page counts them, and features/orders lists them. */
export const useMyOrders = () =>
  useQuery({
    queryKey: queryKeys.orders.all,
    queryFn: () => get<{ orders: OrderView[] }>('/orders').then((r) => r.orders),
  });
