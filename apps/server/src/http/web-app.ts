import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatRs } from '@pricehub/shared/rules/money';
import type { ProductOffer } from '@pricehub/shared/schemas/offer';
import type { ProductDetail, StorePage } from '@pricehub/shared/schemas/product';
import type { CatalogueChanges } from '../modules/catalog/change-feed';
import { createPageCache, type CachedPage } from './page-cache';
import {
  loadPageRenderer,
  pageApi,
  sendPage,
  sendPersonalPage,
  type AnswerProducts,
  type DirectReads,
  type PageApi,
} from './page-renderer';
import { sharedPieces, type SharedPieces } from './personal-page';

/** A kept page with a signed-in customer's own parts, one per place of its layout. */
interface PersonalPage {
  location: undefined;
  page: CachedPage;
  layout: SharedPieces;
  parts: string[];
}

/** Kept pages hold only their compressed forms: a product page takes about 22 KB (Brotli and gzip), 3,000 fit. */
const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

export const webDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the built React app: hashed assets with long cache headers, and index.html for every other
 * non-API path so that client-side routes can be opened and reloaded directly. Product and store pages get
 * their own title, description and schema.org JSON-LD in that HTML, so crawlers and link previews see them
 * without running the app; /robots.txt and /sitemap.xml are served here too.
 */
export async function registerWebApp(
  app: FastifyInstance,
  {
    publicUrl,
    root = webDist,
    generation,
    changes,
    answerProducts,
    listTtlMs,
    listKeepMs,
    productTtlMs,
    isVisitor,
    personalReads = () => ({}),
  }: {
    publicUrl: string;
    root?: string;
    /** Moves on whenever this process changes what shoppers see (cache/catalogue-cache.ts): kept lists are dropped. */
    generation: () => number;
    /** The catalogue changes this process hears of (catalog/change-feed.ts): kept product pages are dropped. */
    changes: CatalogueChanges;
    /** The products an API answer (path below /api) shows, or undefined for a list (cache/catalogue-cache.ts). */
    answerProducts: AnswerProducts;
    /** How long a page that lists many products is kept (another process's change shows within it). */
    listTtlMs: number;
    /** How long a page that lists many products is kept at most while the change feed hears no change. */
    listKeepMs: number;
    /** How long a page about one product is kept while the change feed is heard. */
    productTtlMs: number;
    /** Whether the request comes from someone without a session, whose page is everyone's page. */
    isVisitor: (request: FastifyRequest) => boolean;
    /**
     * The answers a signed-in customer's own parts read (who they are, their cart count), given without a request of
     * their own: those parts are drawn for every page a customer opens.
     */
    personalReads?: (request: FastifyRequest) => DirectReads;
  },
): Promise<void> {
  registerCrawlerFiles(app, publicUrl);
  const indexFile = `${root}/index.html`;
  if (!existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): run "npm run build"`);
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset (apps/web/vite.config.ts): send those, never compress per request.
    preCompressed: true,
    // Served by registerCrawlerFiles with absolute URLs instead of the build's static copy; ssr/ is the server's.
    globIgnore: ['robots.txt', 'sitemap.xml', 'ssr/**'],
    setHeaders(res, path) {
      const immutable = path.includes('/assets/');
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  const renderPage = await loadPageRenderer(app, root, publicUrl);
  const visitorPages = createPageCache({
    listTtlMs,
    listKeepMs,
    productTtlMs,
    maxBytes: PAGE_CACHE_BYTES,
    generation,
    changes,
  });
  // Who is signed in is nobody for a visitor: it shows no product and changes with none.
  const pageAnswerProducts: AnswerProducts = (path, body) =>
    path === '/auth/session' ? [] : answerProducts(path, body);

  /**
   * The page as the signed-in shopper whose cookie comes with the request would see it, or (`forEveryone`) as a
   * visitor would: the page kept for everyone.
   */
  const drawPage = async (request: FastifyRequest, forEveryone = false): Promise<CachedPage> => {
    const api = pageApi(app, forEveryone ? undefined : request.headers.cookie, pageAnswerProducts);
    // Both read the same API answers (pageApi asks each path once); rendering never rejects.
    const rendering = renderPage ? renderPage.draw(request, api) : Promise.resolve(null);
    const meta = await pageMeta(api, request, publicUrl);
    const drawn = { encoded: {}, keep: true, drawnFromAge: api.oldestAge(), products: api.productsShown() };
    // An old product URL (a former listing's id, a merged product's) moves to its catalogue product for good.
    if (meta && 'redirect' in meta) return { ...drawn, status: 301, location: meta.redirect };
    const rendered = await rendering;
    if (rendered?.kind === 'redirect') return { ...drawn, status: rendered.status, location: rendered.location };
    let html = meta ? withMeta(indexHtml, meta) : indexHtml;
    if (rendered?.kind !== 'page') return { ...drawn, status: 200, html, keep: !renderPage };
    // The page's HTML goes in #root; the answers it was drawn from follow as a JSON block (see ssr-state.ts).
    html = html.replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>\n    ${rendered.state}`);
    // Read again: the rendering may have read more answers than the meta tags.
    return {
      ...drawn,
      status: rendered.status,
      html,
      drawnFromAge: api.oldestAge(),
      products: api.productsShown(),
      shared: forEveryone && rendered.status === 200 ? sharedOf(request, html) : undefined,
    };
  };

  /** The text around a page's personal places, compressed while its HTML is at hand; null when it has none. */
  const sharedOf = (request: FastifyRequest, html: string): SharedPieces | null => {
    const places = renderPage?.personalPlaces(html);
    if (!places) return null;
    try {
      return sharedPieces(html, places);
    } catch (error) {
      request.log.error({ err: error }, 'a shared page could not be laid out for its personal parts; drawing it whole');
      return null;
    }
  };

  /**
   * A signed-in customer's page is the page kept for everyone with their own header and answers put in
   * (decision 025): the rest of a shop page is the same for everyone. Undefined when that cannot be done (a
   * seller's or operator's page, a page without a header, no server renderer): it is then drawn whole.
   */
  const personalPage = async (
    request: FastifyRequest,
    shared: () => Promise<CachedPage>,
  ): Promise<CachedPage | PersonalPage | undefined> => {
    if (!renderPage) return undefined;
    const page = await shared();
    // Where a page moved is the same for everyone; a page that could not be found says so in its own header.
    if (page.location !== undefined) return page;
    if (page.status !== 200) return undefined;
    const layout = page.shared;
    if (!layout) return undefined;
    const api = pageApi(app, request.headers.cookie, pageAnswerProducts, personalReads(request));
    const parts = await renderPage.personalize(request, api);
    if (parts?.length !== layout.places.length) return undefined;
    return { location: undefined, page, layout, parts };
  };

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route for GET ${request.url}` } });
    }
    // A visitor's page depends only on its URL and the catalogue: drawn once, sent to every visitor until it changes.
    const shared = () => visitorPages.get(request.url, () => drawPage(request, true));
    const own = isVisitor(request) ? undefined : await personalPage(request, shared);
    const page = own ?? (isVisitor(request) ? await shared() : await drawPage(request));
    if (page.location !== undefined) return reply.redirect(page.location, page.status);
    // Pages may carry the visitor's own header (name, cart count): never cached by shared caches.
    reply.header('cache-control', 'private, no-cache');
    if ('parts' in page) return sendPersonalPage(request, reply.status(200), page.page, page.layout, page.parts);
    return sendPage(request, reply.status(page.status), page);
  });
}

interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  image?: string;
  jsonLd?: unknown;
}

/**
 * Reads the page's data through the app's own public API, so the HTML says exactly what the page shows. Absolute
 * URLs start with PUBLIC_URL, never with the request's Host or X-Forwarded-* headers, which any client can set (and a
 * shared cache would then serve the poisoned page to everyone).
 */
async function pageMeta(
  api: PageApi,
  request: FastifyRequest,
  base: string,
): Promise<PageMeta | { redirect: string } | null> {
  const [path, query] = splitUrl(request.url);
  const product = /^\/result\/productHub\/(\d{1,10})\/?$/.exec(path);
  if (product) {
    // The offers are read alongside (the page's "Compare prices" reads them too: pageApi asks once).
    const [res, offersRes] = await Promise.all([api(`/products/${product[1]}`), api(`/products/${product[1]}/offers`)]);
    if (res.status === 301) {
      const moved = JSON.parse(res.body) as { id: number };
      return { redirect: `/result/productHub/${moved.id}${query}` };
    }
    if (res.status !== 200) return null;
    const p = JSON.parse(res.body) as ProductDetail;
    const offers =
      offersRes.status === 200 ? (JSON.parse(offersRes.body) as { offers?: ProductOffer[] }).offers : undefined;
    const aggregate = aggregateOffer(p, offers);
    const price = p.lowestPrice ?? p.salePrice ?? p.price;
    const stores = p.offerCount ?? 1;
    const image = p.image ? new URL(p.image, base).toString() : undefined;
    const url = `${base}/result/productHub/${p.id}`;
    return {
      title: `${p.name}: ${formatRs(price)} | PriceHub`,
      description: summary(
        `${p.brand} ${p.name} ${stores > 1 ? `from ${formatRs(price)} at ${stores} stores` : `for ${formatRs(price)}`}. ${p.description}`,
      ),
      canonical: url,
      image,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: p.name,
        description: p.description,
        brand: { '@type': 'Brand', name: p.brand },
        category: p.category,
        ...(p.gtin ? { gtin: p.gtin } : {}),
        ...(image ? { image } : {}),
        url,
        offers: { ...aggregate, url },
      },
    };
  }
  const store = /^\/viewstore\/([a-z0-9-]{1,100})\/?$/i.exec(path);
  if (store) {
    // The answer the page shows (web features/catalog/api/catalog.ts storeQuery), so it is read once.
    const page = `?page=${Number(new URLSearchParams(query).get('page') ?? 1)}&pageSize=48`;
    const res = await api(`/stores/${encodeURIComponent(store[1]!)}${page}`);
    if (res.status !== 200) return null;
    const s = JSON.parse(res.body) as StorePage;
    // Each page of a store is its own page for search engines (they follow the pager's links).
    const pageOf = s.page > 1 ? `?page=${s.page}` : '';
    return {
      title: `${s.store.name}: ${s.total} products${s.page > 1 ? `, page ${s.page}` : ''} | PriceHub`,
      description: summary(
        s.store.description || `Shop ${s.total} phones, laptops and computers from ${s.store.name} on PriceHub.`,
      ),
      canonical: `${base}/viewstore/${s.store.slug}${pageOf}`,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Store',
        name: s.store.name,
        url: `${base}/viewstore/${s.store.slug}`,
      },
    };
  }
  return null;
}

const splitUrl = (url: string): [string, string] => {
  const at = url.indexOf('?');
  return at === -1 ? [url, ''] : [url.slice(0, at), url.slice(at)];
};

const money = (paisa: number) => (paisa / 100).toFixed(2);

/**
 * schema.org AggregateOffer over the product's available offers (our sellers' listings and other stores'), prices
 * as the shopper pays them; from the product's own summary when its offers could not be read.
 */
function aggregateOffer(p: ProductDetail, offers: ProductOffer[] | undefined) {
  const available = (offers ?? []).filter((o) => o.available);
  const prices = available.map((o) => o.price);
  const low = prices.length > 0 ? Math.min(...prices) : (p.lowestPrice ?? p.salePrice ?? p.price);
  const high = prices.length > 0 ? Math.max(...prices) : low;
  const inStock = offers ? available.some((o) => o.inStock) : p.stock === 'instock';
  return {
    '@type': 'AggregateOffer',
    lowPrice: money(low),
    highPrice: money(high),
    offerCount: offers ? available.length : (p.offerCount ?? 1),
    priceCurrency: 'PKR',
    availability: `https://schema.org/${inStock ? 'InStock' : 'OutOfStock'}`,
  };
}

const summary = (text: string) => (text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Swaps the default title and description; `<` in the JSON is escaped so data cannot close the script tag. */
export function withMeta(html: string, meta: PageMeta): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" />`] : []),
    ...(meta.jsonLd
      ? [`<script type="application/ld+json">${JSON.stringify(meta.jsonLd).replace(/</g, '\\u003c')}</script>`]
      : []),
  ].join('\n    ');
  return html
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/>/, '')
    .replace('</head>', `    ${tags}\n  </head>`);
}

function registerCrawlerFiles(app: FastifyInstance, base: string): void {
  app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /seller',
          'Disallow: /custPanel',
          'Disallow: /shoppingCart',
          'Disallow: /orders/',
          'Disallow: /notifications',
          `Sitemap: ${base}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const res = await app.inject({ method: 'GET', url: '/api/sitemap' });
    const data = res.json<{ products: { id: number; updatedAt: string }[]; stores: string[] }>();
    const entry = (loc: string, lastmod?: string) =>
      `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      entry(`${base}/`),
      entry(`${base}/result`),
      ...data.stores.map((slug) => entry(`${base}/viewstore/${slug}`)),
      ...data.products.map((p) => entry(`${base}/result/productHub/${p.id}`, p.updatedAt.slice(0, 10))),
      '</urlset>',
    ].join('\n');
    return reply.type('application/xml').header('cache-control', 'public, max-age=600').send(body);
  });
}
