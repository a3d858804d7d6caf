import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from './client';
import { useSession } from './session';
import { queryKeys } from './query-keys';

export const cartCountQuery = () =>
  queryOptions({ queryKey: queryKeys.cart, queryFn: () => get<{ count: number }>('/cart') });

/** The header's counter: the sum of the cart's quantities, from the server-side cart. */
export function useCartCount(): number {
  const { customer } = useSession();
  const query = useQuery({ ...cartCountQuery(), enabled: !!customer });
  return customer ? (query.data?.count ?? 0) : 0;
}
