import { z } from 'zod';
import { idInput } from './id';
import { paisaAmount } from './money';

/** Wording for the price-comparison screens that messages.ts does not carry (the spec gives none). */
export const offerMessages = {
  sentimentTexts: 'Send between 1 and 200 review texts of at most 5000 characters each',
  alertSet: 'Price drop alert set',
  alertRemoved: 'Price drop alert removed',
  alertTargetInvalid: 'Please enter a valid target price',
  productNotFound: 'Product not found',
  offerNotFound: 'External product not found',
  alertNotFound: 'No price drop alert for this product',
  notAvailable: 'Not Available',
} as const;

export const sentimentInput = z.object({
  texts: z
    .array(z.string({ error: offerMessages.sentimentTexts }).max(5000, offerMessages.sentimentTexts), {
      error: offerMessages.sentimentTexts,
    })
    .min(1, offerMessages.sentimentTexts)
    .max(200, offerMessages.sentimentTexts),
});
export type SentimentInput = z.infer<typeof sentimentInput>;

export const ratingTextSchema = z.enum(['Mostly Positive', 'Mostly Negative', 'Mixed Reviews', 'No Reviews']);
export const sentimentScore = z.object({ score: z.number(), positive: z.number().int(), negative: z.number().int() });
export const sentimentResult = sentimentScore.extend({ ratingText: ratingTextSchema });
export type SentimentResult = z.infer<typeof sentimentResult>;

const storeRef = z.object({ name: z.string(), slug: z.string() });

/**
 * A PriceHub store's stars as shoppers see them (and its seller on the dashboard): the mean of the 1-5 star ratings
 * of its reviews, to one decimal, null while it has none; `count` is how many ratings that mean is of.
 */
export const storeRating = z.object({ average: z.number().nullable(), count: z.number().int() });
export type StoreRating = z.infer<typeof storeRating>;

/** How an offer was attached to its catalogue product: by GTIN, by brand + model + specs, or chosen by the seller. */
export const matchedBy = z.enum(['gtin', 'name', 'seller']);
export type MatchedBy = z.infer<typeof matchedBy>;

/**
 * One row of a product's "Compare prices" table: one of our sellers' listings (kind "store", with `listingId`, to add
 * to the cart) or another store's offer (kind "external", with `offerId`). Money in paisa; `price` is what the
 * shopper pays today (the sale price when a sale runs), `shipping` what delivery adds (null when the store does not
 * say). `url` is relative for our own sellers.
 */
export const productOffer = z.object({
  id: z.string(),
  kind: z.enum(['external', 'store']),
  listingId: z.number().int().optional(),
  offerId: z.number().int().optional(),
  store: storeRef,
  url: z.string(),
  name: z.string(),
  price: z.number().int(),
  /** The price before a running sale, when one applies. */
  listPrice: z.number().int().optional(),
  shipping: z.number().int().nullable(),
  inStock: z.boolean(),
  /** Units our seller has (listings only). */
  quantity: z.number().int().optional(),
  available: z.boolean(),
  ratingText: ratingTextSchema,
  /** Our sellers' rows: the store's star rating. */
  storeRating: storeRating.optional(),
  matchedBy,
  lastCheckedAt: z.string(),
});
export type ProductOffer = z.infer<typeof productOffer>;

export const priceHistory = z.object({
  series: z.array(
    z.object({ store: z.string(), points: z.array(z.object({ date: z.string(), price: z.number().int() })) }),
  ),
  lowest: z.array(z.object({ date: z.string(), price: z.number().int() })),
});
export type PriceHistory = z.infer<typeof priceHistory>;

export const externalProductQuery = z.object({
  store: z.string().trim().max(200).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ExternalProductQuery = z.infer<typeof externalProductQuery>;

export const externalProductItem = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  store: z.string(),
  storeSlug: z.string(),
  url: z.string(),
  name: z.string(),
  price: z.number().int(),
  inStock: z.boolean(),
  available: z.boolean(),
  image: z.string(),
  lastCheckedAt: z.string(),
});
export type ExternalProductItem = z.infer<typeof externalProductItem>;

export const externalProductDetail = externalProductItem.extend({
  description: z.string(),
  brand: z.string(),
  ratingValue: z.number().nullable(),
  ratingCount: z.number().int(),
  reviews: z.array(z.object({ author: z.string(), text: z.string(), rating: z.number().int().nullable() })),
  score: sentimentScore,
  ratingText: ratingTextSchema,
});
export type ExternalProductDetail = z.infer<typeof externalProductDetail>;

export const EXTERNAL_PAGE_SIZE = 24;

/**
 * POST /api/price-alerts. `targetPrice` is in paisa like every amount on the wire (the product page's input takes
 * rupees and its API function converts); absent or null means "any drop below today's lowest price".
 */
export const priceAlertInput = z.object({
  productId: idInput(offerMessages.productNotFound),
  targetPrice: paisaAmount('Alert when the lowest price is at most this', {
    invalid: offerMessages.alertTargetInvalid,
  })
    .optional()
    .nullable(),
});
export type PriceAlertInput = z.infer<typeof priceAlertInput>;

export const priceAlert = z.object({
  productId: z.number().int(),
  productName: z.string(),
  targetPrice: z.number().int().nullable(),
  basePrice: z.number().int(),
  currentPrice: z.number().int().nullable(),
  lastNotifiedPrice: z.number().int().nullable(),
  fired: z.boolean(),
  createdAt: z.string(),
});
export type PriceAlert = z.infer<typeof priceAlert>;

/** GET /api/products/:id/offers: every offer for the product, ours and other stores'. */
export const productOffers = z.object({ offers: z.array(productOffer) });
export type ProductOffers = z.infer<typeof productOffers>;

/** GET /api/external-products: a page of other stores' offers, newest first. */
export const externalProductPage = z.object({
  items: z.array(externalProductItem),
  total: z.number().int(),
  pageSize: z.number().int(),
});
export type ExternalProductPage = z.infer<typeof externalProductPage>;

export const priceAlertList = z.object({ alerts: z.array(priceAlert) });
export const priceAlertSet = z.object({ alert: priceAlert, message: z.string() });
