import { z } from 'zod';
import { messages } from '../messages';
import { formatRs, MAX_PRICE, PAISA_PER_RUPEE } from '../rules/money';
import { idInput } from './id';
import { paisaAmount, paisaQueryAmount } from './money';
import { storeRating } from './offer';
import { isoTime, movedAnswer } from './response';
import { activeSaleSummary } from './sale';

import { categories, sortOptions } from '../rules/catalog';

export { categories, sortOptions };
export const category = z.enum(categories);
export type Category = z.infer<typeof category>;
export const stockStatus = z.enum(['instock', 'outofstock']);

/**
 * A catalogue product as the API returns it, or (seller workspace, cart) one seller's listing of it. Money in
 * paisa. For a catalogue product, `price`, `salePrice`, `stock`, `quantity` and `store` describe our cheapest
 * available listing (`listingId`; `store` null when only other stores sell it), and `lowestPrice` / `offerCount` sum
 * up every offer. For a listing, `id` is the listing's id and `productId` its catalogue product.
 */
export const product = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  category,
  description: z.string(),
  ram: z.number().int(),
  storage: z.number().int(),
  price: z.number().int(),
  /** The active sale price, when a sale covers the product now. */
  salePrice: z.number().int().optional(),
  sale: z.object({ code: z.string(), title: z.string(), percent: z.number().int() }).optional(),
  stock: stockStatus,
  quantity: z.number().int(),
  image: z.string(),
  thumbnail: z.string(),
  store: z.object({ slug: z.string(), name: z.string() }).nullable(),
  /** Lowest price among available offers (ours with sales applied, and other stores'), and how many stores. */
  lowestPrice: z.number().int().optional(),
  offerCount: z.number().int().optional(),
  /** The same as offerCount (the name the web app first used). */
  storeCount: z.number().int().optional(),
  /** Our cheapest available listing of a catalogue product: what "Add to Cart" on its card or page buys. */
  listingId: z.number().int().nullable().optional(),
  /** On a listing: the catalogue product it belongs to. */
  productId: z.number().int().optional(),
  gtin: z.string().nullable().optional(),
  views: z.number().int().optional(),
});
export type Product = z.infer<typeof product>;

const m = messages.product;
/** The forms take rupees; the cap is MAX_PRICE (rules/money.ts). */
const MAX_PRICE_RUPEES = MAX_PRICE / PAISA_PER_RUPEE;
export const priceMessages = {
  tooHigh: `Price can be at most ${formatRs(MAX_PRICE)}`,
  filterTooHigh: `Price filters go up to ${formatRs(MAX_PRICE)}`,
  filterInvalid: 'Price filters are amounts in paisa, 0 or more',
} as const;
const requiredText = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max);
/** Form inputs arrive as strings or numbers; both are accepted, blanks are "missing". */
const numberInput = (missing: string, invalid: string) =>
  z
    .union([z.number(), z.string().trim().min(1, missing)], { error: missing })
    .pipe(z.coerce.number({ error: invalid }));

/** A GTIN (EAN/UPC barcode): 8 to 14 digits, spaces and dashes ignored; blank means none. */
const gtinInput = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v ?? '').replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^(\d{8,14})?$/, m.invalidGtin))
  .transform((v) => (v === '' ? null : v));

/**
 * The product form (adding): what a seller types. `price` is in rupees (the form's unit, step 0.01); the web's API
 * function converts it to paisa for the wire (productBody).
 */
export const productInput = z.object({
  name: requiredText(m.allFields, 200),
  brand: requiredText(m.allFields, 60),
  category: z.enum(categories, { error: m.allFields }),
  description: requiredText(m.allFields, 5000),
  ram: numberInput(m.allFields, m.allFields).pipe(
    z.number().int(m.allFields).min(0, m.allFields).max(1024, m.allFields),
  ),
  storage: numberInput(m.allFields, m.allFields).pipe(
    z.number().int(m.allFields).min(0, m.allFields).max(65536, m.allFields),
  ),
  price: numberInput(m.allFields, m.invalidPrice).pipe(
    z.number().gt(0, m.invalidPrice).max(MAX_PRICE_RUPEES, priceMessages.tooHigh),
  ),
  quantity: numberInput(m.allFields, m.invalidQuantity).pipe(
    z.number().int(m.invalidQuantity).gt(0, m.invalidQuantity).max(1_000_000, m.invalidQuantity),
  ),
  image: requiredText(m.allFields, 1000),
  stock: stockStatus.optional(),
  gtin: gtinInput,
  /** The catalogue product the seller picked under "Is it one of these?"; without it the server matches. */
  catalogProductId: idInput().optional(),
});
export type ProductInput = z.infer<typeof productInput>;

/**
 * The product form (editing), in rupees like productInput: the spec's other message ('Please Fill All fields') and
 * quantity 0 (sold out) allowed.
 */
export const productUpdate = z.object({
  name: requiredText(m.allFieldsEdit, 200),
  brand: requiredText(m.allFieldsEdit, 60),
  category: z.enum(categories, { error: m.allFieldsEdit }),
  description: requiredText(m.allFieldsEdit, 5000),
  ram: numberInput(m.allFieldsEdit, m.allFieldsEdit).pipe(z.number().int().min(0).max(1024)),
  storage: numberInput(m.allFieldsEdit, m.allFieldsEdit).pipe(z.number().int().min(0).max(65536)),
  price: numberInput(m.allFieldsEdit, m.invalidPrice).pipe(
    z.number().gt(0, m.invalidPrice).max(MAX_PRICE_RUPEES, priceMessages.tooHigh),
  ),
  quantity: numberInput(m.allFieldsEdit, m.invalidQuantity).pipe(
    z.number().int(m.invalidQuantity).min(0, m.invalidQuantity).max(1_000_000, m.invalidQuantity),
  ),
  image: requiredText(m.allFieldsEdit, 1000),
  stock: z.enum(['instock', 'outofstock'], { error: m.allFieldsEdit }),
  gtin: gtinInput,
});
export type ProductUpdate = z.infer<typeof productUpdate>;

/** A listing's price on the wire. */
const listingPrice = paisaAmount("The listing's price", { invalid: m.invalidPrice, tooHigh: priceMessages.tooHigh });
/** POST /api/seller/products: the product form's fields with `price` in paisa. */
export const productBody = productInput.extend({ price: listingPrice });
export type ProductBody = z.infer<typeof productBody>;
/** PUT /api/seller/products/:id: the edit form's fields with `price` in paisa. */
export const productUpdateBody = productUpdate.extend({ price: listingPrice });
export type ProductUpdateBody = z.infer<typeof productUpdateBody>;

const priceFilter = { invalid: priceMessages.filterInvalid, tooHigh: priceMessages.filterTooHigh, min: 0 };
/**
 * GET /api/products. Prices in paisa like every amount on the wire; the /result page's URL keeps rupees (what a
 * shopper types and shares) and the web converts when it asks.
 */
export const productQuery = z.object({
  q: z.string().trim().max(200).optional(),
  category: category.optional(),
  brand: z.string().trim().max(60).optional(),
  ram: z.coerce.number().int().min(0).max(1024).optional(),
  minPrice: paisaQueryAmount('The lowest price', priceFilter).optional(),
  maxPrice: paisaQueryAmount('The highest price', priceFilter).optional(),
  sort: z.enum(sortOptions).default('relevance'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(60).default(24),
  store: z.string().trim().max(100).optional(),
});
export type ProductQuery = z.infer<typeof productQuery>;

/** One facet value with how many matching products carry it. */
const facetCount = <T extends z.ZodType>(value: T) => z.object({ value, count: z.number().int() });
export interface FacetCount<T> {
  value: T;
  count: number;
}
/** A price facet bucket in paisa: prices ≥ min and < max (steps of Rs 5,000, PRICE_FILTER_STEP). */
export const priceBucket = z.object({ min: z.number(), max: z.number(), count: z.number().int() });
export type PriceBucket = z.infer<typeof priceBucket>;
/** GET /api/products. */
export const searchResult = z.object({
  items: z.array(product),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  facets: z.object({
    category: z.array(facetCount(category)),
    brand: z.array(facetCount(z.string())),
    ram: z.array(facetCount(z.number().int())),
    price: z.array(priceBucket),
  }),
  /** The query as corrected for typos, when a word was corrected. */
  corrected: z.string().optional(),
  /**
   * No product matched every word: these are the closest results (any of the words, most matched first; specs,
   * budget and unknown words left out). Show messages.search.closest(q).
   */
  relaxed: z.boolean().optional(),
  /** What the closest results left out ("16 gb", "under 50k", a word no product has). */
  dropped: z.array(z.string()).optional(),
});
export type SearchResult = z.infer<typeof searchResult>;

/** GET /api/products/suggestions: brands and categories first, then product names. */
export const suggestions = z.object({ suggestions: z.array(z.string()) });
export type Suggestions = z.infer<typeof suggestions>;

export const productReview = z.object({
  id: z.number().int(),
  author: z.string(),
  rating: z.number().nullable(),
  text: z.string(),
  createdAt: isoTime,
});
export type ProductReview = z.infer<typeof productReview>;
/** GET /api/products/:id. */
export const productDetail = product.extend({
  reviews: z.array(productReview),
  score: z.object({ score: z.number(), positive: z.number().int(), negative: z.number().int() }),
  ratingText: z.string(),
  recommendations: z.array(product),
});
export type ProductDetail = z.infer<typeof productDetail>;
/**
 * 301 from a former listing id or a merged product's id: `location` is the catalogue product's path (also in the
 * Location header) and `id` its id (the server-rendered page reads them).
 */
export const productMoved = movedAnswer.extend({ id: z.number().int() });
export type ProductMoved = z.infer<typeof productMoved>;

/** POST /api/products/:id/views: whether this opening counted, and the product's views since. */
export const viewCounted = z.object({ counted: z.boolean(), views: z.number().int() });

export const storeSummary = z.object({
  slug: z.string(),
  name: z.string(),
  unitsSold: z.number().int(),
  productCount: z.number().int(),
});
export type StoreSummary = z.infer<typeof storeSummary>;
/** A running sale on the home page. */
export const homeSale = activeSaleSummary;
export type HomeSale = z.infer<typeof homeSale>;
/** GET /api/home. */
export const homePayload = z.object({
  topProduct: product.nullable(),
  trending: z.array(product),
  brands: z.array(z.object({ name: z.string(), productCount: z.number().int() })),
  topVendors: z.array(storeSummary),
  activeSales: z.array(homeSale),
});
export type HomePayload = z.infer<typeof homePayload>;
/** GET /api/stores/:slug. */
export const storePage = z.object({
  store: z.object({
    slug: z.string(),
    name: z.string(),
    /** unavailable: suspended by PriceHub's operators (shoppers are not told why). */
    status: z.enum(['open', 'closed', 'unavailable']),
    createdAt: isoTime,
    description: z.string(),
    rating: storeRating,
  }),
  /** One page of the products the store lists, newest listing first. */
  products: z.array(product),
  /** How many products the store lists in all (0 when it is not open), and which page of how many this is. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StorePage = z.infer<typeof storePage>;
/** GET /api/sitemap (hidden): what the sitemap lists. */
export const sitemapEntries = z.object({
  products: z.array(z.object({ id: z.number().int(), updatedAt: isoTime })),
  stores: z.array(z.string()),
});

/** GET /api/seller/products/matches: what the seller has typed so far. */
export const catalogueMatchQuery = z.object({
  name: z.string().trim().max(200).default(''),
  brand: z.string().trim().max(60).default(''),
  ram: z.coerce.number().int().min(0).max(1024).default(0),
  storage: z.coerce.number().int().min(0).max(65536).default(0),
  gtin: z.string().trim().max(20).optional(),
});
export type CatalogueMatchQuery = z.infer<typeof catalogueMatchQuery>;
export const catalogueCandidate = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  category,
  ram: z.number().int(),
  storage: z.number().int(),
  image: z.string(),
  lowestPrice: z.number().int(),
  offerCount: z.number().int(),
});
export type CatalogueCandidate = z.infer<typeof catalogueCandidate>;

/** The seller workspace: their listings (`id` a listing id), and a listing with its catalogue product. */
export const sellerListings = z.object({ items: z.array(product) });
export const listingCandidates = z.object({ candidates: z.array(catalogueCandidate) });
export const listingSaved = z.object({ listing: product, product, message: z.string() });
export type ListingSaved = z.infer<typeof listingSaved>;

export const suggestionQuery = z.object({ q: z.string().trim().max(100).default('') });
export const productIdParams = z.object({ id: idInput() });
export const storeSlugParams = z.object({ slug: z.string().trim().min(1).max(100) });
/** GET /api/stores/:slug: without a query, the newest 500 products (as before pages); the store page asks for 48. */
export const storePageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(500),
});
export type StorePageQuery = z.infer<typeof storePageQuery>;

/** POST /api/uploads: the stored image and its thumbnail, as paths to put in a product's `image`. */
export const uploadedImage = z.object({ url: z.string(), thumbnailUrl: z.string() });
export type UploadedImage = z.infer<typeof uploadedImage>;

/** Upload rules shared by the server and the form. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const uploadMessages = {
  tooLarge: 'Image must be at most 5 MB',
  badType: 'Only JPEG, PNG or WebP images can be uploaded',
  missing: 'Choose an image to upload',
} as const;
