import { useQuery } from '@tanstack/react-query';
import { get } from './client';
import { useSession } from './session';

export const cartQueryKey = ['cart'] as const;

/** The header's counter: the sum of the cart's quantities, from the server-side cart. */
export function useCartCount(): number {
  const { customer } = useSession();
  const query = useQuery({
    queryKey: cartQueryKey,
    queryFn: () => get<{ count: number }>('/cart'),
    enabled: !!customer,
  });
  return customer ? (query.data?.count ?? 0) : 0;
}
