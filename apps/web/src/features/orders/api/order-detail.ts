import { useQuery } from '@tanstack/react-query';
import type { OrderView } from '@pricehub/shared/schemas/order';
import { get } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** One of the customer's orders; under the orders key, so cancelling (which refreshes the list) refreshes it too. */

export const useOrder = (orderId: string) =>
  useQuery({ queryKey: queryKeys.orders.one(orderId), queryFn: () => get<OrderView>(`/orders/${orderId}`) });
