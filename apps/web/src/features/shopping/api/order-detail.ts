import { useQuery } from '@tanstack/react-query';
import type { OrderView } from '@pricehub/shared/schemas/order';
import { get } from '../../../api/client';
import { ordersKey } from './orders';

/** One of the customer's orders; under the orders key, so cancelling (which refreshes the list) refreshes it too. */
export const orderKey = (orderId: string) => [...ordersKey, 'one', orderId] as const;

export const useOrder = (orderId: string) =>
  useQuery({ queryKey: orderKey(orderId), queryFn: () => get<OrderView>(`/orders/${orderId}`) });
