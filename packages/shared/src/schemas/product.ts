import { z } from 'zod';
import { messages } from '../messages';
import { formatRs, MAX_PRICE, PAISA_PER_RUPEE } from '../rules/money';
import { idInput } from './id';
import type { StoreRating } from './offer';

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
/** Forms and filters take rupees; the cap is MAX_PRICE (rules/money.ts). */
const MAX_PRICE_RUPEES = MAX_PRICE / PAISA_PER_RUPEE;
export const priceMessages = {
  tooHigh: `Price can be at most ${formatRs(MAX_PRICE)}`,
  filterTooHigh: `Price filters go up to ${formatRs(MAX_PRICE)}`,
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

/** What a seller posts to create a product. `price` is in rupees (the form's unit, step 0.01); stored as paisa. */
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

/** Editing uses the spec's other message ('Please Fill All fields') and allows quantity 0 (sold out). */
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

/** GET /api/products. Prices in rupees (what a shopper types and shares in a URL). */
export const productQuery = z.object({
  q: z.string().trim().max(200).optional(),
  category: category.optional(),
  brand: z.string().trim().max(60).optional(),
  ram: z.coerce.number().int().min(0).max(1024).optional(),
  minPrice: z.coerce.number().min(0).max(MAX_PRICE_RUPEES, priceMessages.filterTooHigh).optional(),
  maxPrice: z.coerce.number().min(0).max(MAX_PRICE_RUPEES, priceMessages.filterTooHigh).optional(),
  sort: z.enum(sortOptions).default('relevance'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(60).default(24),
  store: z.string().trim().max(100).optional(),
});
export type ProductQuery = z.infer<typeof productQuery>;

/** One facet value with how many matching products carry it. */
export interface FacetCount<T> {
  value: T;
  count: number;
}
/** A price facet bucket in rupees: prices ≥ min and < max (steps of Rs 5,000). */
export interface PriceBucket {
  min: number;
  max: number;
  count: number;
}
export interface SearchResult {
  items: Product[];
  total: number;
  page: number;
  pageSize: number;
  facets: {
    category: FacetCount<Category>[];
    brand: FacetCount<string>[];
    ram: FacetCount<number>[];
    price: PriceBucket[];
  };
  /** The query as corrected for typos, when a word was corrected. */
  corrected?: string;
  /**
   * No product matched every word: these are the closest results (any of the words, most matched first; specs,
   * budget and unknown words left out). Show messages.search.closest(q).
   */
  relaxed?: boolean;
  /** What the closest results left out ("16 gb", "under 50k", a word no product has). */
  dropped?: string[];
}

export interface ProductReview {
  id: number;
  author: string;
  rating: number | null;
  text: string;
  createdAt: string;
}
export interface ProductDetail extends Product {
  reviews: ProductReview[];
  score: { score: number; positive: number; negative: number };
  ratingText: string;
  recommendations: Product[];
}

export interface StoreSummary {
  slug: string;
  name: string;
  unitsSold: number;
  productCount: number;
}
export interface HomeSale {
  code: string;
  title: string;
  percent: number;
  startsAt: string;
  endsAt: string;
  store: { slug: string; name: string };
  productCount: number;
}
export interface HomePayload {
  topProduct: Product | null;
  trending: Product[];
  brands: { name: string; productCount: number }[];
  topVendors: StoreSummary[];
  activeSales: HomeSale[];
}
export interface StorePage {
  store: {
    slug: string;
    name: string;
    /** unavailable: suspended by PriceHub's operators (shoppers are not told why). */
    status: 'open' | 'closed' | 'unavailable';
    createdAt: string;
    description: string;
    rating: StoreRating;
  };
  products: Product[];
}

/** GET /api/seller/products/matches: what the seller has typed so far. */
export const catalogueMatchQuery = z.object({
  name: z.string().trim().max(200).default(''),
  brand: z.string().trim().max(60).default(''),
  ram: z.coerce.number().int().min(0).max(1024).default(0),
  storage: z.coerce.number().int().min(0).max(65536).default(0),
  gtin: z.string().trim().max(20).optional(),
});
export type CatalogueMatchQuery = z.infer<typeof catalogueMatchQuery>;
export interface CatalogueCandidate {
  id: number;
  name: string;
  brand: string;
  category: Category;
  ram: number;
  storage: number;
  image: string;
  lowestPrice: number;
  offerCount: number;
}

export const suggestionQuery = z.object({ q: z.string().trim().max(100).default('') });
export const productIdParams = z.object({ id: idInput() });
export const storeSlugParams = z.object({ slug: z.string().trim().min(1).max(100) });

/** Upload rules shared by the server and the form. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const uploadMessages = {
  tooLarge: 'Image must be at most 5 MB',
  badType: 'Only JPEG, PNG or WebP images can be uploaded',
  missing: 'Choose an image to upload',
} as const;
