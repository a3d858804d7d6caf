import { XMLParser } from 'fast-xml-parser';
import { itemFromFeedFields } from './feed-fields';
import type { ParseResult } from './types';

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, processEntities: true });

type Entries = Record<string, unknown> | Record<string, unknown>[] | undefined;
interface FeedDocument {
  rss?: { channel?: { item?: Entries } };
  feed?: { entry?: Entries };
}
type Locs = { loc?: unknown } | { loc?: unknown }[] | undefined;
interface SitemapDocument {
  urlset?: { url?: Locs };
  sitemapindex?: { sitemap?: Locs };
}

/** A Google Merchant feed: RSS 2.0 `<item>`s with `g:`-namespaced fields (Atom `<entry>` is accepted too). */
export function parseGmcFeed(xml: string, base: string): ParseResult {
  let doc: FeedDocument;
  try {
    doc = parser.parse(xml) as FeedDocument;
  } catch (error) {
    return { items: [], failures: [{ where: base, reason: `malformed feed: ${(error as Error).message}` }] };
  }
  const raw = doc?.rss?.channel?.item ?? doc?.feed?.entry;
  if (raw === undefined) return { items: [], failures: [{ where: base, reason: 'feed has no items' }] };
  const entries: Record<string, unknown>[] = Array.isArray(raw) ? raw : [raw];
  const result: ParseResult = { items: [], failures: [] };
  entries.forEach((entry, index) => {
    const item = itemFromFeedFields(entry ?? {}, base);
    if (typeof item === 'string') result.failures.push({ where: `${base} item ${index + 1}`, reason: item });
    else result.items.push(item);
  });
  return result;
}

export const looksLikeGmcFeed = (body: string) =>
  /<rss[\s>]/i.test(body.slice(0, 2000)) || /<feed[\s>]/i.test(body.slice(0, 2000));
export const looksLikeSitemap = (body: string) => /<(urlset|sitemapindex)[\s>]/i.test(body.slice(0, 2000));

/** The page URLs of a sitemap (or the child sitemaps of a sitemap index). */
export function parseSitemap(xml: string): { pages: string[]; sitemaps: string[] } {
  const doc = parser.parse(xml) as SitemapDocument;
  const locs = (v: unknown): string[] =>
    (Array.isArray(v) ? v : v ? [v] : []).map((u: { loc?: unknown }) => String(u?.loc ?? '')).filter(Boolean);
  return { pages: locs(doc?.urlset?.url), sitemaps: locs(doc?.sitemapindex?.sitemap) };
}
