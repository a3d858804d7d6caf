import type { CartView } from '@pricehub/shared/schemas/cart';

type CartLine = CartView['items'][number];

/**
 * One line of the cart: it holds one seller's listing (`productId` = `listingId`) of catalogue product 100 + its id,
 * one unit at Rs 1,000, sold by "Store <store>".
 */
export const cartLine = (productId: number, store: string, over: Partial<CartLine> = {}): CartLine => ({
  productId,
  listingId: productId,
  catalogProductId: 100 + productId,
  name: `Phone ${productId}`,
  image: '',
  brand: 'Brand',
  unitPrice: 1_000_00,
  price: 1_000_00,
  quantity: 1,
  stock: 5,
  lineTotal: 1_000_00,
  store: { slug: store, name: `Store ${store}` },
  ...over,
});

/** GET /api/cart's answer for these lines, with their count and subtotal. */
export const cartOf = (items: CartLine[]): CartView => ({
  items,
  count: items.reduce((n, i) => n + i.quantity, 0),
  subtotal: items.reduce((n, i) => n + i.lineTotal, 0),
});

/** GET /api/me/profile's answer for Hina, who fills the checkout form from it. */
export const hinaProfile = (over: { city?: string } = {}): [number, unknown] => [
  200,
  { name: 'Hina', email: 'h@x.test', phone: '03001234567', city: 'Lahore', address: '1 Road', ...over },
];
