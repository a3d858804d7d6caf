import { z } from 'zod';
import { isoTime } from './response';

/** "Other stores" in the operator console: wording shared by the server and the web page. */
export const externalStoreMessages = {
  nameRequired: 'Please give the store a name',
  nameTooLong: 'The name can be at most 100 characters',
  nameTaken: 'Another store already has this name',
  sourceRequired: 'Please give the address of a product page, listing page, sitemap or feed',
  sourceNotWeb: 'The address must start with http:// or https://',
  interval: 'The refresh interval must be a whole number of hours from 1 to 720',
  nothingToChange: 'Nothing to change',
  notFound: 'Store not found',
  runNotFound: 'Run not found',
  alreadyRunning: 'This store is being refreshed already; watch that run instead',
  fileRequired: 'Please choose a CSV or feed file',
  fileTooLarge: 'The file is too large (at most 5 MB)',
  fileNotText: 'The file must be a CSV file or an XML feed',
  fileSourceFixed: 'This store reads an uploaded file; upload a new file to change it',
  notFromFile: 'This store is read from an address; change its address instead',
  noSource: 'This store has no address to read; give it one first',
  nothingFound: 'No products were found at this address',
  created: (name: string) => `${name} is added; its first refresh has started`,
  deleted: (name: string, offers: number) =>
    `${name} is deleted with its ${offers} ${offers === 1 ? 'offer' : 'offers'} and their price history`,
} as const;

export const EXTERNAL_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const PREVIEW_ITEMS = 10;

export const externalFormats = ['auto', 'jsonld', 'gmc', 'csv'] as const;
export const externalFormat = z.enum(externalFormats);
export type ExternalFormat = z.infer<typeof externalFormat>;

export const externalFormatLabels: Record<ExternalFormat, string> = {
  auto: 'Detect automatically',
  jsonld: 'Store pages (schema.org)',
  gmc: 'Google Merchant feed',
  csv: 'CSV',
};

/** What a source turned out to be when read. */
export const externalSourceKinds = ['gmc', 'csv', 'sitemap', 'listing', 'page'] as const;
export type ExternalSourceKind = (typeof externalSourceKinds)[number];
export const sourceKindLabels: Record<ExternalSourceKind, string> = {
  gmc: 'Google Merchant feed',
  csv: 'CSV file',
  sitemap: 'Sitemap of product pages',
  listing: 'Listing page of product pages',
  page: 'Product page',
};

const name = z
  .string({ error: externalStoreMessages.nameRequired })
  .trim()
  .min(1, externalStoreMessages.nameRequired)
  .max(100, externalStoreMessages.nameTooLong);

/** Only web addresses: the API never reads a path on the server's own disk. */
const source = z
  .string({ error: externalStoreMessages.sourceRequired })
  .trim()
  .min(1, externalStoreMessages.sourceRequired)
  .max(2000, externalStoreMessages.sourceNotWeb)
  .refine((s) => {
    try {
      return ['http:', 'https:'].includes(new URL(s).protocol);
    } catch {
      return false;
    }
  }, externalStoreMessages.sourceNotWeb);

const intervalHours = z.coerce
  .number({ error: externalStoreMessages.interval })
  .int(externalStoreMessages.interval)
  .min(1, externalStoreMessages.interval)
  .max(720, externalStoreMessages.interval);

export const createExternalStoreInput = z.object({
  name,
  source,
  format: externalFormat.default('auto'),
  intervalHours: intervalHours.default(6),
});
export type CreateExternalStoreInput = z.input<typeof createExternalStoreInput>;

/** The fields of an upload's multipart form besides its file. */
export const uploadExternalStoreFields = createExternalStoreInput.omit({ source: true });

export const updateExternalStoreInput = z
  .object({ name, source, format: externalFormat, intervalHours, paused: z.boolean() })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), externalStoreMessages.nothingToChange);
export type UpdateExternalStoreInput = z.infer<typeof updateExternalStoreInput>;

export const previewSourceInput = z.object({ source, format: externalFormat.default('auto') });

const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
export const externalStoreParams = z.object({ id: id(externalStoreMessages.notFound) });
export const externalRunParams = externalStoreParams.extend({ runId: id(externalStoreMessages.runNotFound) });

export const runFailure = z.object({ where: z.string(), reason: z.string() });
export type RunFailure = z.infer<typeof runFailure>;

/** One ingestion run: progress while `running`, then the report. */
export const externalStoreRun = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  trigger: z.enum(['schedule', 'manual', 'upload', 'command']),
  status: z.enum(['running', 'done', 'failed']),
  phase: z.enum(['fetch', 'save']),
  done: z.number().int(),
  total: z.number().int(),
  new: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  unavailable: z.number().int(),
  failed: z.number().int(),
  /** The first failures with their reason (`failed` counts them all). */
  failures: z.array(runFailure),
  /** Why the run stopped, when it failed as a whole. */
  error: z.string().nullable(),
  startedAt: isoTime,
  finishedAt: isoTime.nullable(),
});
export type ExternalStoreRun = z.infer<typeof externalStoreRun>;

export const externalStore = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** The address it is read from, or the uploaded file's name. */
  source: z.string(),
  /** `none`: offers came from elsewhere (the demo data); it is refreshed once it is given an address. */
  sourceKind: z.enum(['url', 'file', 'none']),
  format: externalFormat,
  intervalHours: z.number(),
  paused: z.boolean(),
  lastRun: externalStoreRun.nullable(),
  lastRefreshedAt: isoTime.nullable(),
  /** When the scheduler will next refresh it; null when paused or read from a file. */
  nextRunAt: isoTime.nullable(),
  offers: z.object({ total: z.number().int(), available: z.number().int() }),
  createdAt: isoTime,
});
export type ExternalStore = z.infer<typeof externalStore>;

export const externalStoreList = z.object({ items: z.array(externalStore) });
export type ExternalStoreList = z.infer<typeof externalStoreList>;

/** POST /api/operator/external-stores: the store, its first run, and the server-sent events of its progress. */
export const externalStoreCreated = z.object({
  message: z.string(),
  store: externalStore,
  run: externalStoreRun,
  events: z.string(),
});
export type ExternalStoreCreated = z.infer<typeof externalStoreCreated>;

export const externalStoreRunStarted = z.object({
  run: externalStoreRun,
  /** The server-sent events stream of its progress. */
  events: z.string(),
});
export type ExternalStoreRunStarted = z.infer<typeof externalStoreRunStarted>;

export const externalStoreRuns = z.object({ items: z.array(externalStoreRun) });

export const previewItem = z.object({
  name: z.string(),
  brand: z.string(),
  price: z.number().int(),
  inStock: z.boolean(),
  url: z.string(),
  image: z.string(),
  gtin: z.string().nullable(),
});
export type PreviewItem = z.infer<typeof previewItem>;

/** POST /api/operator/external-stores/preview: what the source is and its first items; nothing is saved. */
export const sourcePreview = z.object({
  kind: z.enum(externalSourceKinds).nullable(),
  items: z.array(previewItem),
  total: z.number().int(),
  failures: z.array(runFailure),
  failed: z.number().int(),
});
export type SourcePreview = z.infer<typeof sourcePreview>;
