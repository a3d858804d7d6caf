import { PREVIEW_ITEMS, type SourcePreview } from '@pricehub/shared/schemas/operator-external-stores';
import type { AppContext } from '../../context';
import { PoliteFetcher } from '../ingestion/fetcher';
import { userAgent } from '../ingestion/ingest';
import type { ParsedItem } from '../ingestion/parsers/types';
import { streamSource, streamUploadedSource, type ItemSink, type SourceFormat } from '../ingestion/sources';
import type { UploadedFile } from './external-stores';

/** A preview follows a listing or a sitemap only this far: enough to show the first items quickly. */
const PREVIEW_PAGES = 12;

/**
 * Reads a source as a refresh would (the same fetcher, SSRF guard, robots.txt and parsers), saving nothing, and
 * answers what it is with its first items and failures.
 */
export async function previewSource(
  ctx: Pick<AppContext, 'config'>,
  input: { source: string; format: SourceFormat } | { upload: UploadedFile; format: SourceFormat },
): Promise<SourcePreview> {
  const fetcher = new PoliteFetcher({
    userAgent: userAgent(ctx.config.publicUrl),
    allowPrivate: ctx.config.ingestAllowPrivate,
    retries: 1,
  });
  const limits = { maxPages: PREVIEW_PAGES };
  // The whole source is read to count it, but only the first items are kept: a feed may hold 100,000.
  const items: ParsedItem[] = [];
  let total = 0;
  const keepFirst: ItemSink = async (batch) => {
    total += batch.length;
    if (items.length < PREVIEW_ITEMS) items.push(...batch.slice(0, PREVIEW_ITEMS - items.length));
  };
  const read =
    'upload' in input
      ? await streamUploadedSource(
          input.upload.fileName,
          input.upload.content,
          input.format,
          fetcher,
          keepFirst,
          limits,
        )
      : await streamSource(input.source, input.format, fetcher, keepFirst, limits);
  return {
    kind: read.kind ?? null,
    items: items.map((i) => ({
      name: i.name,
      brand: i.brand,
      price: i.price,
      inStock: i.inStock,
      url: i.url,
      image: i.image,
      gtin: i.gtin,
    })),
    total,
    failures: read.failures.slice(0, PREVIEW_ITEMS),
    failed: read.failures.length,
  };
}
