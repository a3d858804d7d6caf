import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Money columns hold integer paisa (minor units); see packages/shared/src/rules/money.ts. */
const money = (name: string) => integer(name);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const roleEnum = pgEnum('role', ['customer', 'seller', 'operator']);
export const categoryEnum = pgEnum('category', ['mobile', 'laptop', 'computer']);
export const stockEnum = pgEnum('stock_status', ['instock', 'outofstock']);
/** open/closed: the seller's choice; suspended: an operator's (modules/operator), which only an operator lifts. */
export const storeStatusEnum = pgEnum('store_status', ['open', 'closed', 'suspended']);
export const orderStatusEnum = pgEnum('order_status', ['Booked', 'Accepted', 'Shipped', 'Completed', 'Cancelled']);
export const paymentMethodEnum = pgEnum('payment_method', ['online', 'cashOnDel']);
export const paymentStatusEnum = pgEnum('payment_status', ['not_required', 'pending', 'paid', 'expired', 'refunded']);
export const complaintStatusEnum = pgEnum('complaint_status', ['Open', 'In progress', 'Resolved']);
export const mailStatusEnum = pgEnum('mail_status', ['pending', 'sending', 'sent', 'failed']);

// ── accounts and sessions ────────────────────────────────────────────────────────────────────────

/** Customers and sellers. One email may hold one account per role (a shopper may also run a store). */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    role: roleEnum('role').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    /** Customers: mail when a wishlisted product drops in price, goes on sale or is back in stock. */
    wishlistAlerts: boolean('wishlist_alerts').notNull().default(true),
    /** Set when the owner deleted the account: the row stays, anonymised, for the orders that name it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('accounts_role_email_uq').on(t.role, t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token: a leaked table does not leak usable sessions. */
    tokenHash: text('token_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_account_idx').on(t.accountId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_uq').on(t.tokenHash)],
);

/** Fixed-window counters shared by every server process (login throttling, chat limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

// ── stores and catalogue ─────────────────────────────────────────────────────────────────────────

export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    licenseId: text('license_id').notNull(),
    phone: text('phone').notNull(),
    status: storeStatusEnum('status').notNull().default('open'),
    description: text('description').notNull().default(''),
    /** While suspended: when, why (mailed to the seller), and the seller's own open/closed to return to. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    statusBeforeSuspension: storeStatusEnum('status_before_suspension'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stores_slug_uq').on(t.slug),
    uniqueIndex('stores_seller_uq').on(t.sellerId),
    check(
      'stores_suspension_complete',
      sql`(${t.suspendedAt} is null) = (${t.suspensionReason} is null) and (${t.suspendedAt} is null) = (${t.statusBeforeSuspension} is null)`,
    ),
  ],
);

/** What a catalogue product is, and what a seller's listing says it is, in the same columns. */
const describedThing = () => ({
  name: text('name').notNull(),
  brand: text('brand').notNull(),
  category: categoryEnum('category').notNull(),
  description: text('description').notNull().default(''),
  ramGb: integer('ram_gb').notNull().default(0),
  storageGb: integer('storage_gb').notNull().default(0),
});

/**
 * A catalogue product: the thing a shopper compares (brand, model, specs, GTIN), owned by no seller. Our sellers'
 * listings and other stores' offers attach to it (modules/catalog/matching decides which, at write time). The
 * columns after `aliases` sum up its offers and are kept by triggers on listings, offers and stores (migration 0005):
 * the code that writes an offer never has to remember to refresh them.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    ...describedThing(),
    image: text('image').notNull().default(''),
    thumbnail: text('thumbnail').notNull().default(''),
    gtin: text('gtin'),
    /** Normalised brand + model tokens + storage (modules/catalog/matching `identify`). */
    matchKey: text('match_key'),
    /** Other spellings shoppers and shops use for it (see matching `searchAliases`), searched with the name. */
    aliases: text('aliases').notNull().default(''),
    /** Lowest base price among the offers a shopper can buy now (in stock first); kept by triggers. */
    lowestPrice: money('lowest_price').notNull().default(0),
    /** Stores with an available offer: our open stores' listings and external stores' available offers. */
    offerCount: integer('offer_count').notNull().default(0),
    inStock: boolean('in_stock').notNull().default(false),
    /** Shown to shoppers: it has a listing in an open store or any external offer. */
    visible: boolean('visible').notNull().default(false),
    views: integer('views').notNull().default(0),
    /** Units sold over all its listings: summed when listings come, go or move, and every minute by a job. */
    unitsSold: integer('units_sold').notNull().default(0),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(aliases, '')), 'A') || setweight(to_tsvector('simple', coalesce(brand, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_search_idx').using('gin', t.search),
    index('products_category_price_idx').on(t.category, t.lowestPrice),
    index('products_brand_idx').on(t.brand),
    index('products_views_idx').on(t.views),
    index('products_gtin_idx').on(t.gtin),
    index('products_match_key_idx').on(t.matchKey),
    // Suggestions' name prefixes, of shown products only; migration 0025 also INCLUDEs name (index-only scans), which
    // drizzle's index builder cannot say.
    index('products_name_prefix_idx')
      .on(sql`lower(${t.name}) text_pattern_ops`)
      .where(sql`${t.visible}`),
    // Near misses in the operators' matching queue: same brand and model tokens, other specs (migration 0013).
    index('products_model_key_idx').on(sql`split_part(${t.matchKey}, '|', 1)`, sql`split_part(${t.matchKey}, '|', 2)`),
    // Search facets and filter-only result pages read these with index-only scans instead of visiting the heap
    // (a category holds ~40% of 100k products): every column the search reads is in them.
    index('products_facet_category_idx').on(
      t.category,
      t.brand,
      t.ramGb,
      t.lowestPrice,
      t.visible,
      t.unitsSold,
      t.views,
      t.id,
      t.createdAt,
      t.storageGb,
    ),
    index('products_facet_brand_idx').on(
      t.brand,
      t.category,
      t.ramGb,
      t.lowestPrice,
      t.visible,
      t.unitsSold,
      t.views,
      t.id,
      t.createdAt,
      t.storageGb,
    ),
    // Filter-only result pages in the default order walk this and stop at the page's end.
    index('products_rank_idx').on(t.unitsSold.desc().nullsFirst(), t.views.desc().nullsFirst(), t.id),
    check('products_lowest_price_nonneg', sql`${t.lowestPrice} >= 0`),
  ],
);

/**
 * One of our sellers selling a catalogue product: their price, stock and own wording. Cart lines, order lines,
 * sales and our price history hold listings. Ids come from the products' sequence: a catalogue product made for a
 * seller's listing shares its id, so the product URLs of the days before the catalogue still open.
 */
export const listings = pgTable(
  'listings',
  {
    id: integer('id')
      .primaryKey()
      .default(sql`nextval('products_id_seq')`),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    ...describedThing(),
    price: money('price').notNull(),
    quantity: integer('quantity').notNull().default(0),
    stock: stockEnum('stock').notNull().default('instock'),
    image: text('image').notNull().default(''),
    thumbnail: text('thumbnail').notNull().default(''),
    gtin: text('gtin'),
    /** How the listing was attached: the seller chose the product, or matching found it by GTIN or by name. */
    matchedBy: text('matched_by').notNull().default('name'),
    unitsSold: integer('units_sold').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('listings_product_idx').on(t.productId),
    index('listings_store_idx').on(t.storeId),
    check('listings_price_nonneg', sql`${t.price} >= 0`),
    check('listings_quantity_nonneg', sql`${t.quantity} >= 0`),
  ],
);

/** Product ids that no longer exist (merged into another), so their old URLs still lead somewhere. */
export const productRedirects = pgTable('product_redirects', {
  fromId: integer('from_id').primaryKey(),
  toId: integer('to_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
});

/**
 * An operator's decision about one offer or listing (confirmed where it is, split out, moved), which the matcher
 * honours whenever the item comes again: keyed by the external store's slug and its item id, or by the listing.
 */
export const matchDecisions = pgTable(
  'match_decisions',
  {
    id: serial('id').primaryKey(),
    storeSlug: text('store_slug'),
    storeItemId: text('store_item_id'),
    listingId: integer('listing_id').references(() => listings.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    decision: text('decision').notNull(),
    decidedBy: integer('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('match_decisions_offer_uq')
      .on(t.storeSlug, t.storeItemId)
      .where(sql`${t.listingId} is null`),
    uniqueIndex('match_decisions_listing_uq')
      .on(t.listingId)
      .where(sql`${t.listingId} is not null`),
    index('match_decisions_product_idx').on(t.productId),
    check('match_decisions_decision', sql`${t.decision} in ('confirm', 'split', 'move')`),
    check(
      'match_decisions_one_key',
      sql`(${t.listingId} is null) = (${t.storeSlug} is not null and ${t.storeItemId} is not null)`,
    ),
  ],
);

/** Other GTINs (14 digits) and match keys that name a product: extra GTINs, and those of products merged into it. */
export const productAliases = pgTable(
  'product_aliases',
  {
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.value] }),
    index('product_aliases_product_idx').on(t.productId),
    check('product_aliases_kind', sql`${t.kind} in ('gtin', 'match_key')`),
  ],
);

/** One-off data changes done in code after the SQL migrations (e.g. the catalogue's first grouping), by name. */
export const dataMigrations = pgTable('data_migrations', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How many catalogue products shoppers can see (`visible`) per category, brand, RAM and Rs 5,000 step of the lowest
 * price (PRICE_FILTER_STEP), kept by triggers on products (migration 0005): a search without words reads its facet
 * counts from these rows (a few thousand) instead of counting every matching product.
 */
export const productFacetCounts = pgTable(
  'product_facet_counts',
  {
    category: categoryEnum('category').notNull(),
    brand: text('brand').notNull(),
    ramGb: integer('ram_gb').notNull(),
    bucket: integer('bucket').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.category, t.brand, t.ramGb, t.bucket] })],
);

/** Distinct words of the catalogue: typo correction runs trigram search on this small table, not on names. */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
    kind: text('kind').notNull(),
    weight: integer('weight').notNull().default(1),
    /**
     * Offered as a typo correction: words of letters only. Model numbers ("x1504", "9340") are looked up exactly; a
     * large catalogue has thousands of them, and measuring trigram similarity to each cost milliseconds per word.
     */
    correctable: boolean('correctable')
      .notNull()
      .generatedAlwaysAs(sql`term !~ '[0-9]' and length(term) >= 3`),
  },
  (t) => [
    index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`),
    // A million products make some 50,000 terms, of which about 130 are brands and categories and about 130 correctable:
    // suggestions and typo correction read only those (migration 0019).
    index('search_terms_shown_prefix_idx')
      .on(sql`${t.term} text_pattern_ops`)
      .where(sql`${t.kind} in ('brand', 'category')`),
    index('search_terms_correctable_trgm_idx')
      .using('gin', sql`${t.term} gin_trgm_ops`)
      .where(sql`${t.correctable}`),
  ],
);

/** Searches that found nothing, counted per normalised term and day: what the catalogue team should add. */
export const searchMisses = pgTable(
  'search_misses',
  {
    term: text('term').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.term, t.day] }), index('search_misses_day_idx').on(t.day)],
);

export const productViews = pgTable(
  'product_views',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    viewerKey: text('viewer_key').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.viewerKey] })],
);

// ── price comparison ─────────────────────────────────────────────────────────────────────────────

export const externalStores = pgTable(
  'external_stores',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    homepage: text('homepage').notNull().default(''),
    source: text('source'),
    format: text('format').notNull().default('auto'),
    refreshIntervalMinutes: integer('refresh_interval_minutes').notNull().default(360),
    lastRefreshedAt: timestamp('last_refreshed_at', { withTimezone: true }),
    /** An operator's pause: the scheduled refresh skips the store ("Refresh now" still runs it). */
    paused: boolean('paused').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('external_stores_name_uq').on(t.name), uniqueIndex('external_stores_slug_uq').on(t.slug)],
);

/** A store added by uploading a CSV or feed file: the file itself, which its refreshes read again. */
export const externalStoreFiles = pgTable('external_store_files', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => externalStores.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  content: text('content').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One ingestion of an external store (scheduled, "Refresh now", or a new upload): its progress while it runs,
 * read by the progress stream of any server, then its report.
 */
export const externalStoreRuns = pgTable(
  'external_store_runs',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => externalStores.id, { onDelete: 'cascade' }),
    trigger: text('trigger').notNull(),
    status: text('status').notNull().default('running'),
    phase: text('phase').notNull().default('fetch'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    newCount: integer('new_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    unchangedCount: integer('unchanged_count').notNull().default(0),
    unavailableCount: integer('unavailable_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    failures: jsonb('failures').$type<{ where: string; reason: string }[]>().notNull().default([]),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('external_store_runs_store_idx').on(t.storeId, t.startedAt),
    check('external_store_runs_status', sql`${t.status} in ('running', 'done', 'failed')`),
  ],
);

export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    // Both keys are kept per statement by triggers, not by foreign key constraints (migration 0023): a parent must
    // exist and is locked as a foreign key would lock it, and deleting it deletes its offers.
    externalStoreId: integer('external_store_id').notNull(),
    productId: integer('product_id').notNull(),
    /** The store's own id for the item (or its URL when it has none): the key that makes re-runs idempotent. */
    storeItemId: text('store_item_id').notNull(),
    url: text('url').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    image: text('image').notNull().default(''),
    brand: text('brand').notNull().default(''),
    gtin: text('gtin'),
    mpn: text('mpn'),
    price: money('price').notNull(),
    currency: text('currency').notNull().default('PKR'),
    inStock: boolean('in_stock').notNull().default(true),
    /** False once the item disappears from a complete feed; offers are never deleted by ingestion. */
    available: boolean('available').notNull().default(true),
    ratingValue: real('rating_value'),
    ratingCount: integer('rating_count').notNull().default(0),
    /** How the offer was attached to its product: 'gtin' or 'name' (brand, model and specs). */
    matchedBy: text('matched_by').notNull().default('name'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('offers_store_item_uq').on(t.externalStoreId, t.storeItemId),
    index('offers_product_idx').on(t.productId),
    index('offers_created_idx').on(t.createdAt),
  ],
);

/** Every observed price: for an external offer, or for one of our sellers' listings. */
export const pricePoints = pgTable(
  'price_points',
  {
    id: serial('id').primaryKey(),
    // Kept per statement by triggers, not by foreign key constraints (migration 0023), as on offers.
    offerId: integer('offer_id'),
    listingId: integer('listing_id'),
    price: money('price').notNull(),
    inStock: boolean('in_stock').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('price_points_offer_idx').on(t.offerId, t.recordedAt),
    index('price_points_listing_idx').on(t.listingId, t.recordedAt),
    check('price_points_owner', sql`(${t.offerId} is null) <> (${t.listingId} is null)`),
  ],
);

export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null: alert on any drop below the price when the alert was set. */
    targetPrice: money('target_price'),
    basePrice: money('base_price').notNull(),
    lastNotifiedPrice: money('last_notified_price'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('price_alerts_customer_product_uq').on(t.customerId, t.productId)],
);

// ── reviews ──────────────────────────────────────────────────────────────────────────────────────

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id').references(() => offers.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => accounts.id, { onDelete: 'set null' }),
    orderLineId: integer('order_line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    /**
     * The store that sold the reviewed order line (0016), kept with the review so that a store's rating reads the
     * reviews alone; null for a review written without an order.
     */
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'set null' }),
    author: text('author').notNull().default(''),
    rating: integer('rating'),
    text: text('text').notNull(),
    sentimentScore: real('sentiment_score').notNull().default(0),
    /** Set by an operator (moderation, 0014): a hidden review leaves every public read and every rating. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reviews_product_idx').on(t.productId),
    index('reviews_offer_idx').on(t.offerId),
    uniqueIndex('reviews_order_line_uq').on(t.orderLineId),
    index('reviews_store_idx').on(t.storeId),
    check('reviews_rating_range', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);

export const reportStatusEnum = pgEnum('report_status', ['open', 'dismissed', 'actioned']);

/** A shopper's report of a review, one per shopper and review; an operator hides the review or dismisses it. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: reportStatusEnum('status').notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('review_reports_reporter_uq').on(t.reviewId, t.reporterId),
    index('review_reports_status_idx').on(t.status, t.createdAt),
  ],
);

// ── shopping ─────────────────────────────────────────────────────────────────────────────────────

export const cartItems = pgTable(
  'cart_items',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.listingId] }), check('cart_quantity_pos', sql`${t.quantity} > 0`)],
);

/** A customer's row about one catalogue product or one external offer, never both. */
const customerTargetColumns = () => ({
  id: serial('id').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
  offerId: integer('offer_id').references(() => offers.id, { onDelete: 'cascade' }),
});

/** One row per customer and product or offer, naming exactly one of the two; the constraints' names are given. */
const oneRowPerTarget =
  (names: { product: string; offer: string; check: string }) =>
  (t: Record<'customerId' | 'productId' | 'offerId', ExtraConfigColumn>) => [
    uniqueIndex(names.product).on(t.customerId, t.productId),
    uniqueIndex(names.offer).on(t.customerId, t.offerId),
    check(names.check, sql`(${t.productId} is null) <> (${t.offerId} is null)`),
  ];

const savedItemColumns = () => ({ ...customerTargetColumns(), createdAt: createdAt() });

export const wishlistItems = pgTable(
  'wishlist_items',
  savedItemColumns(),
  oneRowPerTarget({
    product: 'wishlist_customer_product_uq',
    offer: 'wishlist_customer_offer_uq',
    check: 'wishlist_target',
  }),
);

export const compareItems = pgTable(
  'compare_items',
  savedItemColumns(),
  oneRowPerTarget({
    product: 'compare_customer_product_uq',
    offer: 'compare_customer_offer_uq',
    check: 'compare_target',
  }),
);

/**
 * What each customer last knew of a wishlisted product or offer (the lowest price a shopper pays now, null when none
 * is in stock; in stock; on sale) and when they were last mailed about it. The wishlist alert job compares the
 * present with this row (modules/wishlist/alert-check.ts); kept when the entry is removed, so re-adding it cannot
 * mail twice in a day.
 */
export const wishlistAlertStates = pgTable(
  'wishlist_alert_states',
  {
    ...customerTargetColumns(),
    price: money('price'),
    inStock: boolean('in_stock').notNull(),
    onSale: boolean('on_sale').notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  oneRowPerTarget({
    product: 'wishlist_alert_states_product_uq',
    offer: 'wishlist_alert_states_offer_uq',
    check: 'wishlist_alert_states_target',
  }),
);

/** One-click unsubscribe links of alert mails: random, stored as SHA-256, usable without signing in. */
export const unsubscribeTokens = pgTable(
  'unsubscribe_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('unsubscribe_tokens_account_idx').on(t.accountId)],
);

/** Order ids look like the spec's ("SG" + digits) but come from a sequence, so they never collide. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 10001 });

/** One online payment attempt, covering every order (one per seller) of one checkout. */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    amount: money('amount').notNull(),
    status: paymentStatusEnum('status').notNull().default('pending'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // Per customer: checkout counts a shopper's unpaid payments (rules/order-limits.ts).
  (t) => [
    index('payments_status_idx').on(t.status, t.expiresAt),
    index('payments_customer_idx').on(t.customerId, t.status),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    paymentId: text('payment_id').references(() => payments.id),
    status: orderStatusEnum('status').notNull().default('Booked'),
    paymentMethod: paymentMethodEnum('payment_method').notNull(),
    paymentStatus: paymentStatusEnum('payment_status').notNull(),
    subtotal: money('subtotal').notNull(),
    shippingFee: money('shipping_fee').notNull(),
    discount: money('discount').notNull().default(0),
    total: money('total').notNull(),
    promoCode: text('promo_code'),
    shippingAddress: text('shipping_address').notNull(),
    /** The seller's reason when they rejected the order (status Cancelled); null for every other order. */
    rejectionReason: text('rejection_reason'),
    /** When the seller marked it Completed: the return window counts from here. Null until then. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_store_idx').on(t.storeId, t.createdAt),
    index('orders_payment_idx').on(t.paymentId),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    unitPrice: money('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    reviewed: boolean('reviewed').notNull().default(false),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId), check('order_lines_quantity_pos', sql`${t.quantity} > 0`)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    product: text('product').notNull(),
    customer: text('customer').notNull(),
    total: money('total').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_store_idx').on(t.storeId, t.createdAt)],
);

export const customerNotificationKindEnum = pgEnum('customer_notification_kind', [
  'order_status',
  'order_rejected',
  'return_requested',
  'return_accepted',
  'return_refused',
  'payment_refunded',
]);

/**
 * A customer's notifications about their orders, written in the transaction of each event. Apart from the
 * sellers' table: those rows are a store's (product, customer, total) and have no read state.
 */
export const customerNotifications = pgTable(
  'customer_notifications',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: customerNotificationKindEnum('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_notifications_customer_idx').on(t.customerId, t.id),
    index('customer_notifications_unread_idx')
      .on(t.customerId)
      .where(sql`${t.readAt} is null`),
    index('customer_notifications_order_idx').on(t.orderId),
  ],
);

// ── seller campaigns ─────────────────────────────────────────────────────────────────────────────

/**
 * A store's time-boxed percentage discount: a sale (on the listings it names) and a promo (a code typed at checkout)
 * have the same columns and rules, each in its own table.
 */
const storeCampaignColumns = () => ({
  id: serial('id').primaryKey(),
  /** Stored upper-case; codes are matched case-insensitively. */
  code: text('code').notNull(),
  storeId: integer('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  discountPercent: integer('discount_percent').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

type StoreCampaignColumn = 'code' | 'storeId' | 'discountPercent' | 'startsAt' | 'endsAt';

/** A campaign table's indexes and checks, each named after its table. */
const storeCampaignRules = (table: 'sales' | 'promos') => (t: Record<StoreCampaignColumn, ExtraConfigColumn>) => [
  uniqueIndex(`${table}_code_uq`).on(t.code),
  index(`${table}_store_idx`).on(t.storeId),
  check(`${table}_discount_range`, sql`${t.discountPercent} between 1 and 100`),
  check(`${table}_dates`, sql`${t.endsAt} > ${t.startsAt}`),
];

export const sales = pgTable('sales', storeCampaignColumns(), storeCampaignRules('sales'));

export const saleProducts = pgTable(
  'sale_products',
  {
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.saleId, t.listingId] }), index('sale_products_listing_idx').on(t.listingId)],
);

export const promos = pgTable('promos', storeCampaignColumns(), storeCampaignRules('promos'));

// ── after-sales and content ──────────────────────────────────────────────────────────────────────

export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    status: complaintStatusEnum('status').notNull().default('Open'),
    actionTaken: text('action_taken').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('complaints_customer_idx').on(t.customerId), index('complaints_store_idx').on(t.storeId)],
);

export const escalationStatusEnum = pgEnum('escalation_status', ['open', 'refunded', 'closed']);

/** A customer's appeal to the operators against a complaint its seller resolved; at most one per complaint. */
export const complaintEscalations = pgTable(
  'complaint_escalations',
  {
    complaintId: integer('complaint_id')
      .primaryKey()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: escalationStatusEnum('status').notNull().default('open'),
    /** The operator's message to both sides when they refunded or closed it. */
    resolution: text('resolution').notNull().default(''),
    refundAmount: money('refund_amount'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('complaint_escalations_status_idx').on(t.status, t.createdAt)],
);

/** A customer's request to send back a Completed order; the seller accepts (restock and refund) or refuses it. */
export const returnStatusEnum = pgEnum('return_status', ['Requested', 'Accepted', 'Refused']);

export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    status: returnStatusEnum('status').notNull().default('Requested'),
    reason: text('reason').notNull(),
    decisionReason: text('decision_reason').notNull().default(''),
    refundAmount: money('refund_amount'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('returns_store_idx').on(t.storeId, t.createdAt),
    index('returns_order_idx').on(t.orderId),
    // One open or accepted return per order; a refused one leaves room to ask again within the window.
    uniqueIndex('returns_order_open_uq')
      .on(t.orderId)
      .where(sql`${t.status} in ('Requested', 'Accepted')`),
  ],
);

export const blogs = pgTable(
  'blogs',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** The seller's markdown, kept for editing. */
    content: text('content').notNull(),
    /** Rendered and sanitized once, when the post is written (modules/blogs/render.ts); reads send it as it is. */
    html: text('html').notNull(),
    /** Plain text from the start of the post, for the public list. */
    summary: text('summary').notNull(),
    /** BLOG_RENDER_VERSION of the renderer that made `html`: an older one is rendered again at start-up. */
    renderVersion: integer('render_version').notNull().default(0),
    /** Set by an operator (moderation, 0014): a hidden post leaves the public list and page. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('blogs_created_idx').on(t.createdAt)],
);

// ── infrastructure ───────────────────────────────────────────────────────────────────────────────

/** Durable mail queue: written in the same transaction as the event, sent by the mail worker. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on alert mails. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** Set when the same event must never mail twice (e.g. "price-drop:alert 4:price 129900"). */
    dedupeKey: text('dedupe_key'),
    status: mailStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe_uq').on(t.dedupeKey),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/**
 * Who did what, when, with the values before and after: every operator action writes a row in the transaction of
 * the change it records (modules/operator/audit.ts). `actor` keeps the operator's email (or "command line") even
 * if the account goes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => accounts.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    targetName: text('target_name').notNull().default(''),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
  ],
);

/** Recurring jobs. A runner claims a due row with FOR UPDATE SKIP LOCKED, so no job runs twice at once. */
export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  intervalSeconds: integer('interval_seconds').notNull(),
  payload: jsonb('payload').notNull().default({}),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastError: text('last_error'),
  runCount: integer('run_count').notNull().default(0),
});
