import { z } from 'zod';
import { cartMessages } from './cart-messages';
import { idInput as recordId } from './id';

export { cartMessages } from './cart-messages';

export const MAX_LINE_QUANTITY = 99;

const idInput = recordId(cartMessages.productNotFound);

/** `listingId`: that seller's listing; `productId` alone: our cheapest available listing of the catalogue product. */
export const cartAddInput = z
  .object({
    listingId: idInput.optional(),
    productId: idInput.optional(),
    quantity: z.coerce
      .number({ error: cartMessages.quantityInvalid })
      .int(cartMessages.quantityInvalid)
      .min(1, cartMessages.quantityInvalid)
      .max(MAX_LINE_QUANTITY, cartMessages.quantityInvalid)
      .optional(),
  })
  .refine((v) => v.listingId !== undefined || v.productId !== undefined, {
    message: cartMessages.productNotFound,
    path: ['listingId'],
  });
export type CartAddInput = z.infer<typeof cartAddInput>;

export const cartQuantityInput = z.object({
  quantity: z.coerce
    .number({ error: cartMessages.quantityInvalid })
    .int(cartMessages.quantityInvalid)
    .min(0, cartMessages.quantityInvalid)
    .max(MAX_LINE_QUANTITY, cartMessages.quantityInvalid),
});

/** Past 2^31 is left to the service, which answers 404 (the line is not in the cart) without asking SQL. */
export const productIdParams = z.object({
  productId: z.coerce.number({ error: cartMessages.productNotFound }).int().positive(cartMessages.productNotFound),
});

const storeRef = z.object({ slug: z.string(), name: z.string() });

/**
 * One cart line as the API returns it; money in paisa. `unitPrice` is what the shopper pays now. A line holds one
 * seller's listing (`listingId`; `productId` is the same id, the name the cart's paths use) of catalogue product
 * `catalogProductId`.
 */
export const cartLine = z.object({
  productId: z.number().int(),
  listingId: z.number().int(),
  catalogProductId: z.number().int(),
  name: z.string(),
  image: z.string(),
  brand: z.string(),
  unitPrice: z.number().int(),
  price: z.number().int(),
  sale: z.object({ code: z.string(), title: z.string(), percent: z.number().int() }).optional(),
  quantity: z.number().int(),
  stock: z.number().int(),
  lineTotal: z.number().int(),
  store: storeRef,
});
export type CartLine = z.infer<typeof cartLine>;

export const cartView = z.object({
  items: z.array(cartLine),
  /** Sum of quantities: the header counter. */
  count: z.number().int(),
  subtotal: z.number().int(),
});
export type CartView = z.infer<typeof cartView>;

/** GET /api/cart/count: the header's counter, without the lines. */
export const cartCount = cartView.pick({ count: true });
export type CartCount = z.infer<typeof cartCount>;

export const cartChange = cartView.extend({ message: z.string() });
export type CartChange = z.infer<typeof cartChange>;
