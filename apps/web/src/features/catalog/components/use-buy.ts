import { useAddToCartAction } from '../../../hooks/use-add-to-cart';

/** "Add to Cart" for a catalogue product: buys our cheapest available listing of it. */
export function useBuyProduct() {
  const cart = useAddToCartAction();
  return {
    adding: cart.pending !== undefined,
    addToCart: (productId: number, thenGoToCart = false) => cart.add({ productId }, thenGoToCart),
  };
}
