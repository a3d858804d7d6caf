import { z } from 'zod';
import { idInput } from './id';
import { type MatchedBy } from './offer';
import { categories, type Category } from './product';

/** The matching queue's and the catalogue editor's wording, used by the server and the console alike. */
export const matchingMessages = {
  itemNotFound: 'This offer is no longer there; the queue may be out of date',
  productNotFound: 'Catalogue product not found',
  sameProduct: 'Choose two different products',
  alreadyThere: 'The offer is already on this product',
  onlyOffer: 'This is the only offer on its product; there is nothing to split it from',
  storeListsTarget: 'This store already lists that product; merge the two products instead',
  confirmed: 'Match confirmed',
  split: (name: string) => `Split out into a new product: ${name}`,
  moved: (name: string) => `Moved to ${name}`,
  merged: (gone: string, keep: string) => `${gone} is merged into ${keep}`,
  saved: 'Catalogue product saved',
  nameRequired: 'Please give the product a name',
  brandRequired: 'Please give the brand',
  categoryRequired: 'Please choose a category',
  descriptionRequired: 'Please give a description',
  ramInvalid: 'RAM is a whole number of GB from 0 to 1024',
  storageInvalid: 'Storage is a whole number of GB from 0 to 65536',
  imageRequired: 'Please give the address of an image',
  imageInvalid: 'The image is an address starting with / or https://',
  gtinInvalid: 'Each GTIN (barcode) is 8 to 14 digits',
  gtinRepeated: 'The same GTIN is given twice',
  tooManyGtins: 'A product can have at most 10 GTINs',
  gtinTaken: (gtin: string, id: number, name: string) =>
    `GTIN ${gtin} belongs to product #${id} (${name}); merge them instead`,
} as const;
const m = matchingMessages;

export const OPERATOR_MATCHING_PAGE_SIZE = 20;

/** Name-matched: attached by brand, model and specs (no GTIN); near miss: another product of its model has other specs. */
export const matchingReason = z.enum(['name', 'near-miss']);
export type MatchingReason = z.infer<typeof matchingReason>;

/** GET /api/operator/matching */
export const matchingQuery = z.object({
  reason: matchingReason.optional(),
  q: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type MatchingQuery = z.infer<typeof matchingQuery>;

/** A catalogue product as the matching pages show it. Money in paisa. */
export interface MatchingProduct {
  id: number;
  name: string;
  brand: string;
  category: Category;
  ram: number;
  storage: number;
  gtin: string | null;
  image: string;
  lowestPrice: number;
  offerCount: number;
}

export interface MatchingCandidate extends MatchingProduct {
  /** Same brand and model, other specs. */
  nearMiss: boolean;
}

export const matchingItemKind = z.enum(['offers', 'listings']);
export type MatchingItemKind = z.infer<typeof matchingItemKind>;

/** One offer in the queue: another store's offer or one of our sellers' listings, with where it is and could go. */
export interface MatchingItem {
  kind: MatchingItemKind;
  id: number;
  reason: MatchingReason;
  name: string;
  brand: string;
  gtin: string | null;
  /** As stated by a listing, or read from an offer's name. */
  ram: number;
  storage: number;
  price: number;
  inStock: boolean;
  store: { name: string; slug: string; external: boolean };
  url: string | null;
  matchedBy: MatchedBy;
  createdAt: string;
  product: MatchingProduct;
  candidates: MatchingCandidate[];
}

export interface MatchingPage {
  items: MatchingItem[];
  total: number;
  page: number;
  pageSize: number;
}

export const matchingItemParams = z.object({
  kind: matchingItemKind,
  id: idInput(m.itemNotFound),
});

export const moveInput = z.object({ productId: idInput(m.productNotFound) });
export type MoveInput = z.infer<typeof moveInput>;

export const mergeInput = z
  .object({
    keepId: idInput(m.productNotFound),
    goneId: idInput(m.productNotFound),
  })
  .refine((v) => v.keepId !== v.goneId, { message: m.sameProduct, path: ['goneId'] });
export type MergeInput = z.infer<typeof mergeInput>;

export interface MatchingActionResult {
  message: string;
  /** Where the offer is now (confirm, split, move) or the kept product (merge). */
  product: MatchingProduct;
}

// ── catalogue editing ────────────────────────────────────────────────────────────────────────────

export const catalogueQuery = z.object({
  q: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type CatalogueQuery = z.infer<typeof catalogueQuery>;

export interface CataloguePage {
  items: (MatchingProduct & { visible: boolean })[];
  total: number;
  page: number;
  pageSize: number;
}

export const catalogueProductParams = z.object({ id: idInput(m.productNotFound) });

/** One offer on a catalogue product, in the editor's list. */
export interface CatalogueOffer {
  kind: MatchingItemKind;
  id: number;
  name: string;
  store: string;
  price: number;
  matchedBy: MatchedBy;
  decided: boolean;
}

export interface CatalogueProductDetail extends MatchingProduct {
  description: string;
  gtins: string[];
  visible: boolean;
  offers: CatalogueOffer[];
}

const requiredText = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max);
const whole = (message: string, max: number) =>
  z
    .union([z.number(), z.string().trim().min(1, message)], { error: message })
    .pipe(z.coerce.number({ error: message }))
    .pipe(z.number().int(message).min(0, message).max(max, message));

/** A GTIN as typed: spaces and dashes ignored. */
const gtin = z
  .string({ error: m.gtinInvalid })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{8,14}$/, m.gtinInvalid));

/** PUT /api/operator/catalogue/:id: the seller form's fields for the thing itself (no price or stock), and its GTINs. */
export const catalogueEditInput = z.object({
  name: requiredText(m.nameRequired, 200),
  brand: requiredText(m.brandRequired, 60),
  category: z.enum(categories, { error: m.categoryRequired }),
  description: requiredText(m.descriptionRequired, 5000),
  ram: whole(m.ramInvalid, 1024),
  storage: whole(m.storageInvalid, 65536),
  image: requiredText(m.imageRequired, 1000).pipe(z.string().regex(/^(\/(?!\/)|https?:\/\/)\S+$/, m.imageInvalid)),
  gtins: z
    .array(gtin, { error: m.gtinInvalid })
    .max(10, m.tooManyGtins)
    .default([])
    .refine((list) => new Set(list.map((g) => g.padStart(14, '0'))).size === list.length, m.gtinRepeated),
});
export type CatalogueEditInput = z.input<typeof catalogueEditInput>;
export type CatalogueEdit = z.output<typeof catalogueEditInput>;
