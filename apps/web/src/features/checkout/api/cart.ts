import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartChange, CartView } from '@pricehub/shared/schemas/cart';
import type { CheckoutInput, CheckoutResult } from '@pricehub/shared/schemas/checkout';
import { del, get, patch, post } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** The full cart; a change to it sets the header's counter too (queryKeys.cartCount sits under queryKeys.cart). */
export function useCart() {
  return useQuery({ queryKey: queryKeys.cart, queryFn: () => get<CartView>('/cart') });
}

function useCartMutation<Vars>(send: (vars: Vars) => Promise<CartChange>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (cart) => {
      client.setQueryData(queryKeys.cart, cart);
      client.setQueryData(queryKeys.cartCount, { count: cart.count });
    },
  });
}

export const useSetQuantity = () =>
  useCartMutation(({ productId, quantity }: { productId: number; quantity: number }) =>
    patch<CartChange>(`/cart/items/${productId}`, { quantity }),
  );

export const useRemoveLine = () => useCartMutation((productId: number) => del<CartChange>(`/cart/items/${productId}`));

export function useCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckoutInput) => post<CheckoutResult>('/checkout', input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.cart });
      void client.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
