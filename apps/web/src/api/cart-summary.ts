import type { CartCount } from '@pricehub/shared/schemas/cart';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from './client';
import { useSession } from './session';
import { queryKeys } from './query-keys';

/** The header's counter on every page: the count alone, not the cart's lines (the server sends it with each page). */
export const cartCountQuery = () =>
  queryOptions({ queryKey: queryKeys.cartCount, queryFn: () => get<CartCount>('/cart/count') });

/** The header's counter: the sum of the cart's quantities, from the server-side cart. */
export function useCartCount(): number {
  const { customer } = useSession();
  const query = useQuery({ ...cartCountQuery(), enabled: !!customer });
  return customer ? (query.data?.count ?? 0) : 0;
}
