import { XMLParser } from 'fast-xml-parser';
import { itemFromFeedFields } from './feed-fields';
import type { FeedPart, ParseResult } from './types';

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, processEntities: true });

type Locs = { loc?: unknown } | { loc?: unknown }[] | undefined;
interface SitemapDocument {
  urlset?: { url?: Locs };
  sitemapindex?: { sitemap?: Locs };
}

class MalformedXml extends Error {}

const INCOMPLETE = -1;
const NOT_SKIPPED = -2;

/**
 * Where a comment, CDATA section, processing instruction or DOCTYPE starting at `lt` ends; INCOMPLETE when its end
 * has not arrived yet, NOT_SKIPPED when `lt` starts an element tag.
 */
function skipped(xml: string, lt: number): number {
  if (xml.startsWith('<!--', lt)) return past(xml.indexOf('-->', lt + 4), 3);
  if (xml.startsWith('<![CDATA[', lt)) return past(xml.indexOf(']]>', lt + 9), 3);
  if (xml.startsWith('<?', lt)) return past(xml.indexOf('?>', lt + 2), 2);
  if (!xml.startsWith('<!', lt)) return NOT_SKIPPED;
  // A DOCTYPE may carry an internal subset in brackets, with '>' inside it.
  const bracket = xml.indexOf('[', lt);
  const close = xml.indexOf('>', lt);
  if (bracket < 0 || (close >= 0 && close < bracket)) return past(close, 1);
  const subset = xml.indexOf(']', bracket);
  return subset < 0 ? INCOMPLETE : past(xml.indexOf('>', subset), 1);
}

function past(at: number, length: number): number {
  return at < 0 ? INCOMPLETE : at + length;
}

interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  /** Just past its '>'. */
  next: number;
}

/** The tag starting at `lt`, or undefined when its '>' has not arrived yet (quoted attribute values may hold '>'). */
function readTag(xml: string, lt: number): Tag | undefined {
  let quote = '';
  for (let i = lt + 1; i < xml.length; i++) {
    const c = xml[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') {
      const closing = xml[lt + 1] === '/';
      const name = /^[^\s/>]+/.exec(xml.slice(closing ? lt + 2 : lt + 1, i))?.[0] ?? '';
      if (!name) throw new MalformedXml(`a tag without a name at "${xml.slice(lt, lt + 20)}"`);
      return { name, closing, selfClosing: xml[i - 1] === '/', next: i + 1 };
    }
  }
  return undefined;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.includes('&') ? text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, entity) : text;
}

function entity(whole: string, name: string): string {
  if (name[0] !== '#') return ENTITIES[name] ?? whole;
  const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
}

/**
 * The fields of one `<item>`, as the whole-document parser gave them: each child element's trimmed text (CDATA
 * included, entities decoded), `{}` for an element with children of its own, and an array for a repeated one.
 */
function itemFields(xml: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  let pos = 0;
  for (let lt = xml.indexOf('<', pos); lt >= 0; lt = xml.indexOf('<', pos)) {
    const skip = skipped(xml, lt);
    if (skip === INCOMPLETE) throw new MalformedXml('an unfinished comment or CDATA section');
    if (skip !== NOT_SKIPPED) {
      pos = skip;
      continue;
    }
    const tag = readTag(xml, lt);
    if (!tag) throw new MalformedXml('an unfinished tag');
    if (tag.closing) throw new MalformedXml(`an unexpected </${tag.name}>`);
    let value: unknown = '';
    pos = tag.next;
    if (!tag.selfClosing) {
      let text = '';
      let nested = false;
      let depth = 1;
      while (depth > 0) {
        const at = xml.indexOf('<', pos);
        if (at < 0) throw new MalformedXml(`<${tag.name}> is not closed`);
        if (depth === 1) text += decodeEntities(xml.slice(pos, at));
        if (xml.startsWith('<![CDATA[', at)) {
          const close = xml.indexOf(']]>', at + 9);
          if (close < 0) throw new MalformedXml('an unfinished CDATA section');
          if (depth === 1) text += xml.slice(at + 9, close);
          pos = close + 3;
          continue;
        }
        const skip2 = skipped(xml, at);
        if (skip2 === INCOMPLETE) throw new MalformedXml('an unfinished comment');
        if (skip2 !== NOT_SKIPPED) {
          pos = skip2;
          continue;
        }
        const inner = readTag(xml, at);
        if (!inner) throw new MalformedXml('an unfinished tag');
        pos = inner.next;
        if (inner.closing) depth--;
        else if (!inner.selfClosing) {
          depth++;
          nested = true;
        } else nested = true;
        if (depth === 0 && inner.name !== tag.name) {
          throw new MalformedXml(`<${tag.name}> is closed by </${inner.name}>`);
        }
      }
      value = nested ? {} : text.trim();
    }
    const earlier = fields[tag.name];
    fields[tag.name] = earlier === undefined ? value : Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
  }
  return fields;
}

/**
 * A Google Merchant feed read as it arrives: RSS 2.0 `<item>`s with `g:`-namespaced fields (Atom `<entry>` is
 * accepted too). Text goes in chunk by chunk, cut anywhere; each complete item comes out as soon as its closing tag
 * has arrived, so only the item being read is held, never the feed.
 */
export class GmcFeedReader {
  private buffer = '';
  /** Where scanning goes on in `buffer`. */
  private pos = 0;
  /** The open item: its element name and where its content starts in `buffer`. */
  private open: { name: string; from: number; depth: number } | undefined;
  private seen = 0;
  private broken = false;

  constructor(private readonly base: string) {}

  /** True once the feed could not be read on (malformed, or ended inside an item). */
  get failed(): boolean {
    return this.broken;
  }

  write(text: string): ParseResult {
    const result: ParseResult = { items: [], failures: [] };
    if (this.broken) return result;
    this.buffer += text;
    try {
      this.scan(result);
    } catch (error) {
      this.broken = true;
      result.failures.push({ where: this.base, reason: `malformed feed: ${(error as Error).message}` });
    }
    // Keep only what is still needed: the open item, or the construct cut by the chunk's end.
    const keep = this.open ? this.open.from : this.pos;
    if (keep > 0) {
      this.buffer = this.buffer.slice(keep);
      this.pos -= keep;
      if (this.open) this.open.from = 0;
    }
    return result;
  }

  /** The failures of the feed's end: an item left open, or no item at all. */
  end(): ParseResult {
    const failures: ParseResult['failures'] = [];
    if (this.open && !this.broken) {
      this.broken = true;
      failures.push({ where: this.base, reason: `malformed feed: it ends inside item ${this.seen + 1}` });
    } else if (this.seen === 0 && !this.broken) failures.push({ where: this.base, reason: 'feed has no items' });
    return { items: [], failures };
  }

  private scan(result: ParseResult): void {
    const xml = this.buffer;
    for (let lt = xml.indexOf('<', this.pos); lt >= 0; lt = xml.indexOf('<', this.pos)) {
      const skip = skipped(xml, lt);
      if (skip === INCOMPLETE) return void (this.pos = lt);
      if (skip !== NOT_SKIPPED) {
        this.pos = skip;
        continue;
      }
      const tag = readTag(xml, lt);
      if (!tag) return void (this.pos = lt);
      this.pos = tag.next;
      const open = this.open;
      if (!open) {
        if (!tag.closing && (tag.name === 'item' || tag.name === 'entry')) {
          if (tag.selfClosing) this.emit('', result);
          else this.open = { name: tag.name, from: tag.next, depth: 1 };
        }
        continue;
      }
      if (tag.name !== open.name || tag.selfClosing) continue;
      open.depth += tag.closing ? -1 : 1;
      if (open.depth === 0) {
        this.open = undefined;
        this.emit(xml.slice(open.from, lt), result);
      }
    }
    this.pos = xml.length;
  }

  private emit(xml: string, result: ParseResult): void {
    const where = `${this.base} item ${++this.seen}`;
    let fields: Record<string, unknown>;
    try {
      fields = itemFields(xml);
    } catch (error) {
      result.failures.push({ where, reason: `malformed item: ${(error as Error).message}` });
      return;
    }
    const item = itemFromFeedFields(fields, this.base);
    if (typeof item === 'string') result.failures.push({ where, reason: item });
    else result.items.push(item);
  }
}

/** A feed read as it arrives, one part per chunk of text; reading stops at the first malformed construct. */
export async function* gmcFeedParts(text: AsyncIterable<string>, base: string): AsyncGenerator<FeedPart> {
  const reader = new GmcFeedReader(base);
  for await (const chunk of text) {
    yield reader.write(chunk);
    if (reader.failed) return yield { items: [], failures: [], cutShort: true };
  }
  yield { ...reader.end(), cutShort: reader.failed };
}

/** A whole feed at once (a test, or a feed already in memory). */
export function parseGmcFeed(xml: string, base: string): ParseResult {
  const reader = new GmcFeedReader(base);
  const read = reader.write(xml);
  read.failures.push(...reader.end().failures);
  return read;
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
