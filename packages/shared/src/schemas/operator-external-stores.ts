import { z } from 'zod';

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
export type ExternalSourceKind = 'gmc' | 'csv' | 'sitemap' | 'listing' | 'page';
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

export interface RunFailure {
  where: string;
  reason: string;
}

/** One ingestion run: progress while `running`, then the report. */
export interface ExternalStoreRun {
  id: number;
  storeId: number;
  trigger: 'schedule' | 'manual' | 'upload' | 'command';
  status: 'running' | 'done' | 'failed';
  phase: 'fetch' | 'save';
  done: number;
  total: number;
  new: number;
  updated: number;
  unchanged: number;
  unavailable: number;
  failed: number;
  /** The first failures with their reason (`failed` counts them all). */
  failures: RunFailure[];
  /** Why the run stopped, when it failed as a whole. */
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}

export interface ExternalStore {
  id: number;
  name: string;
  slug: string;
  /** The address it is read from, or the uploaded file's name. */
  source: string;
  /** `none`: offers came from elsewhere (the demo data); it is refreshed once it is given an address. */
  sourceKind: 'url' | 'file' | 'none';
  format: ExternalFormat;
  intervalHours: number;
  paused: boolean;
  lastRun: ExternalStoreRun | null;
  lastRefreshedAt: string | null;
  /** When the scheduler will next refresh it; null when paused or read from a file. */
  nextRunAt: string | null;
  offers: { total: number; available: number };
  createdAt: string;
}

export interface ExternalStoreList {
  items: ExternalStore[];
}

export interface ExternalStoreCreated {
  message: string;
  store: ExternalStore;
  run: ExternalStoreRun;
}

export interface ExternalStoreRunStarted {
  run: ExternalStoreRun;
  /** The server-sent events stream of its progress. */
  events: string;
}

export interface PreviewItem {
  name: string;
  brand: string;
  price: number;
  inStock: boolean;
  url: string;
  image: string;
  gtin: string | null;
}

/** POST /api/operator/external-stores/preview: what the source is and its first items; nothing is saved. */
export interface SourcePreview {
  kind: ExternalSourceKind | null;
  items: PreviewItem[];
  total: number;
  failures: RunFailure[];
  failed: number;
}
