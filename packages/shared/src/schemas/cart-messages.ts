/**
 * Messages the spec does not word; the spec's own cart toasts are in messages.cart. Apart from the cart's schemas
 * (cart.ts re-exports them), so that a page showing one (the product page's "out of stock") does not load and run the
 * schema library as it starts.
 */
export const cartMessages = {
  notFound: 'This product is not in your cart',
  productNotFound: 'Product not found',
  outOfStock: 'This product is out of stock',
  storeClosed: 'This store is closed and is not taking orders',
  notSoldHere: 'This product is sold only by external stores',
  quantityInvalid: 'Quantity must be a whole number from 0 to 99',
  overStock: (available: number) =>
    available === 1 ? 'Only 1 unit is in stock' : `Only ${available} units are in stock`,
} as const;
