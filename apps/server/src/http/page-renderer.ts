import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_FROM, encodedPage, htmlOf, preferredEncoding, type CachedPage } from './page-cache';
import { newPageRender, PAGE_RENDER_HEADER } from './page-sessions';
import { personalGzip, personalHtml, type Place, type SharedPieces } from './personal-page';

/** What the web app's server entry (apps/web/src/entry-server.tsx, built into dist/ssr) answers for a page. */
type Rendered =
  | { kind: 'page'; status: number; html: string; state: string }
  | { kind: 'redirect'; status: number; location: string };

type Transport = (path: string, init: RequestInit) => Promise<Response>;

interface ServerEntry {
  render(request: Request, transport: Transport): Promise<Rendered | null>;
  personalPlaces?(html: string): Place[] | null;
  /** Reads its two answers as they are: it runs for every page a signed-in customer opens. */
  personalize?(read: (path: string) => Promise<{ status: number; body: string }>): Promise<string[] | null>;
}

/** A GET on this app's API for one page request: { status, body }. */
export type PageApi = ((path: string) => Promise<{ status: number; body: string }>) & {
  /**
   * Whole seconds since the oldest answer read so far was worked out (the answer cache's Age), or undefined when
   * every answer was worked out for this page.
   */
  oldestAge(): number | undefined;
  /**
   * The catalogue products the answers read so far show, when every one of them is about one product (or about no
   * product at all); undefined when one lists many.
   */
  productsShown(): number[] | undefined;
};

/** The products an answer (its path below /api) shows: [] for none, undefined for a list (cache/catalogue-cache.ts). */
export type AnswerProducts = (path: string, body: string) => readonly number[] | undefined;

/**
 * API answers this process can give one page request without a request of their own, by path below /api: exactly
 * the body the route would send for the page request's cookie, or undefined when the route must be asked (it then
 * answers as it would, refusals included).
 */
export type DirectReads = Readonly<Record<string, () => Promise<{ status: number; body: string } | undefined>>>;

/**
 * The API as one page request sees it: the visitor's cookie along (none for a page drawn for everyone), and each path
 * read once, however many parts of the page (its meta tags, its rendering) ask for it. A path in `direct` is answered
 * in the process when it can be (a signed-in customer's own parts: personal-reads.ts).
 */
export function pageApi(
  app: FastifyInstance,
  cookie: string | undefined,
  answerProducts: AnswerProducts,
  direct: DirectReads = {},
): PageApi {
  const answers = new Map<string, Promise<{ status: number; body: string }>>();
  let oldest: number | undefined;
  let products: Set<number> | undefined = new Set();
  // The page's reads look the shopper's session up once between them (page-sessions.ts).
  let headers: Record<string, string> | undefined;
  const asked = (path: string) => {
    headers ??= cookie ? { cookie, [PAGE_RENDER_HEADER]: newPageRender() } : {};
    return app.inject({ method: 'GET', url: `/api${path}`, headers }).then((res) => {
      if (res.headers.age !== undefined) oldest = Math.max(oldest ?? 0, Number(res.headers.age));
      return { status: res.statusCode, body: res.body };
    });
  };
  const api = (path: string) => {
    let answer = answers.get(path);
    if (!answer) {
      const read = direct[path];
      const known = read ? read().then((own) => own ?? asked(path)) : asked(path);
      answer = known.then((res) => {
        const shown = answerProducts(path, res.body);
        if (!shown) products = undefined;
        else for (const id of shown) products?.add(id);
        return res;
      });
      answers.set(path, answer);
    }
    return answer;
  };
  return Object.assign(api, {
    oldestAge: () => oldest,
    productsShown: () => (products && products.size > 0 ? [...products] : undefined),
  });
}

export interface PageRenderer {
  /** The page as the one asking would see it, drawn whole. */
  draw(request: FastifyRequest, api: PageApi): Promise<Rendered | null>;
  /**
   * Where a signed-in customer's own parts go in a page drawn for visitors (their header and answers; see the web
   * app's components/personal-slot.tsx), or null when the page has none (or the build predates them).
   */
  personalPlaces(html: string): Place[] | null;
  /**
   * The signed-in customer's own parts, one per place, or null when there are none (not a customer): then the page
   * is drawn whole.
   */
  personalize(request: FastifyRequest, api: PageApi): Promise<string[] | null>;
}

/**
 * Loads the web app's server renderer when the build has one. It reads the page's data through this app's own API
 * (app.inject, with the visitor's cookie), so a server-rendered page shows exactly what the browser would fetch.
 * Rendering never fails a page: on any error the browser gets the plain shell and draws the page itself.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  webRoot: string,
  publicUrl: string,
): Promise<PageRenderer | null> {
  const file = `${webRoot}/ssr/entry-server.js`;
  if (!existsSync(file)) return null;
  let entry: ServerEntry;
  try {
    entry = (await import(pathToFileURL(file).href)) as ServerEntry;
  } catch (error) {
    app.log.error({ err: error }, `could not load the server renderer (${file}); pages are drawn in the browser`);
    return null;
  }
  const origin = new URL(publicUrl).origin;
  // The page sees PUBLIC_URL as its origin: Host and X-Forwarded-* are the client's to choose.
  // Concatenated, not resolved: a path like //evil.example/x must stay a path.
  const pageRequest = (request: FastifyRequest) => new Request(`${origin}${request.url}`);
  // Rendering a page only reads; the visitor's cookie travels with each API read (pageApi), not on this request.
  const transportOf =
    (api: PageApi): Transport =>
    async (path, init) => {
      if (init.method && init.method !== 'GET') throw new Error(`a page render may only read (${init.method} ${path})`);
      const { status, body } = await api(path);
      return new Response(body, { status, headers: { 'content-type': 'application/json' } });
    };
  return {
    async draw(request, api) {
      try {
        return await entry.render(pageRequest(request), transportOf(api));
      } catch (error) {
        request.log.error({ err: error }, 'server rendering failed; sending the page shell');
        return null;
      }
    },
    personalPlaces(html) {
      // A build from before personal slots: every signed-in page is drawn whole.
      if (typeof entry.personalPlaces !== 'function' || typeof entry.personalize !== 'function') return null;
      try {
        return entry.personalPlaces(html);
      } catch (error) {
        app.log.error({ err: error }, 'finding the personal places of a shared page failed; drawing it whole');
        return null;
      }
    },
    async personalize(request, api) {
      if (typeof entry.personalize !== 'function') return null;
      try {
        return await entry.personalize(api);
      } catch (error) {
        request.log.error({ err: error }, 'personalizing a shared page failed; drawing it whole');
        return null;
      }
    },
  };
}

/**
 * Sends a page's HTML compressed when the browser accepts it: a server-rendered results page is ~100 KB of markup
 * that compresses to a tenth. A cached page keeps its compressed forms (page-cache.ts), so each is made once.
 */
export async function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage): Promise<FastifyReply> {
  reply.type('text/html; charset=utf-8').header('vary', 'Accept-Encoding, Cookie');
  // A kept page of some size holds only its compressed forms (page-cache.ts).
  const small = page.html !== undefined && page.html.length < COMPRESS_FROM;
  const encoding = small ? undefined : preferredEncoding(request.headers['accept-encoding'], page.once);
  if (!encoding) return reply.send(await htmlOf(page));
  return reply.header('content-encoding', encoding).send(await encodedPage(page, encoding));
}

/**
 * Sends a kept page with a signed-in customer's own parts put in: gzip-compressed from the kept compressed text and
 * the parts alone when the browser takes gzip (every browser does), otherwise put together and sent as any page.
 */
export async function sendPersonalPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  layout: SharedPieces,
  parts: readonly string[],
): Promise<FastifyReply> {
  if (preferredEncoding(request.headers['accept-encoding'], true) === 'gzip') {
    reply.type('text/html; charset=utf-8').header('vary', 'Accept-Encoding, Cookie');
    return reply.header('content-encoding', 'gzip').send(personalGzip(layout, parts));
  }
  const html = personalHtml(await htmlOf(page), layout.places, parts);
  return sendPage(request, reply, { status: page.status, html, encoded: {}, keep: false, once: true });
}
