import { z } from 'zod';
import { idInput } from './id';
import { matchedBy } from './offer';
import { catalogueCandidate, categories } from './product';
import { isoTime, pageOf } from './response';

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
export const matchingProduct = catalogueCandidate.extend({ gtin: z.string().nullable() });
export type MatchingProduct = z.infer<typeof matchingProduct>;

export const matchingCandidate = matchingProduct.extend({
  /** Same brand and model, other specs. */
  nearMiss: z.boolean(),
});
export type MatchingCandidate = z.infer<typeof matchingCandidate>;

export const matchingItemKind = z.enum(['offers', 'listings']);
export type MatchingItemKind = z.infer<typeof matchingItemKind>;

/** One offer in the queue: another store's offer or one of our sellers' listings, with where it is and could go. */
export const matchingItem = z.object({
  kind: matchingItemKind,
  id: z.number().int(),
  reason: matchingReason,
  name: z.string(),
  brand: z.string(),
  gtin: z.string().nullable(),
  /** As stated by a listing, or read from an offer's name. */
  ram: z.number().int(),
  storage: z.number().int(),
  price: z.number().int(),
  inStock: z.boolean(),
  store: z.object({ name: z.string(), slug: z.string(), external: z.boolean() }),
  url: z.string().nullable(),
  matchedBy,
  createdAt: isoTime,
  product: matchingProduct,
  candidates: z.array(matchingCandidate),
});
export type MatchingItem = z.infer<typeof matchingItem>;

export const matchingPage = pageOf(matchingItem);
export type MatchingPage = z.infer<typeof matchingPage>;

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

export const matchingActionResult = z.object({
  message: z.string(),
  /** Where the offer is now (confirm, split, move) or the kept product (merge). */
  product: matchingProduct,
});
export type MatchingActionResult = z.infer<typeof matchingActionResult>;

// ── catalogue editing ────────────────────────────────────────────────────────────────────────────

export const catalogueQuery = z.object({
  q: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type CatalogueQuery = z.infer<typeof catalogueQuery>;

export const cataloguePage = pageOf(matchingProduct.extend({ visible: z.boolean() }));
export type CataloguePage = z.infer<typeof cataloguePage>;

export const catalogueProductParams = z.object({ id: idInput(m.productNotFound) });

/** One offer on a catalogue product, in the editor's list. */
export const catalogueOffer = z.object({
  kind: matchingItemKind,
  id: z.number().int(),
  name: z.string(),
  store: z.string(),
  price: z.number().int(),
  matchedBy,
  decided: z.boolean(),
});
export type CatalogueOffer = z.infer<typeof catalogueOffer>;

export const catalogueProductDetail = matchingProduct.extend({
  description: z.string(),
  gtins: z.array(z.string()),
  visible: z.boolean(),
  offers: z.array(catalogueOffer),
});
export type CatalogueProductDetail = z.infer<typeof catalogueProductDetail>;

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
