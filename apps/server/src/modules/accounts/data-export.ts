import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@pricehub/shared/schemas/account';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { forbidden, notFound } from '../../http/errors';
import { listPriceAlerts } from '../offers/alerts';
import { listWishlist } from '../wishlist/service';
import { OPERATOR_ACCOUNTS } from './account-deletion';

/**
 * Everything PriceHub holds about one account, as the owner downloads it. Each list is read with the account's own
 * id in its `where`, so an export can hold nobody else's data; a seller's orders carry no buyer's name or address.
 * Money is in paisa, as everywhere on the wire; times are ISO 8601 in UTC.
 */
export type AccountExport = Record<string, unknown>;

/** Each row of `query` is one JSON object, built by PostgreSQL (`select json_build_object(…) as item …`). */
async function items(db: Db, query: SQL): Promise<unknown[]> {
  const rows = await queryRows<{ item: unknown }>(db, query);
  return rows.map((r) => r.item);
}

const orderFields = sql`'orderId', o.id, 'status', o.status, 'paymentMethod', o.payment_method,
  'paymentStatus', o.payment_status, 'subtotal', o.subtotal, 'shippingFee', o.shipping_fee, 'discount', o.discount,
  'total', o.total, 'promoCode', o.promo_code, 'createdAt', o.created_at, 'updatedAt', o.updated_at,
  'lines', (select coalesce(json_agg(json_build_object('listingId', ol.listing_id, 'name', ol.name,
      'unitPrice', ol.unit_price, 'quantity', ol.quantity, 'reviewed', ol.reviewed) order by ol.id), '[]'::json)
    from order_lines ol where ol.order_id = o.id)`;

const returnFields = sql`'orderId', r.order_id, 'status', r.status, 'reason', r.reason,
  'decisionReason', r.decision_reason, 'refundAmount', r.refund_amount, 'createdAt', r.created_at,
  'decidedAt', r.decided_at`;

export async function exportCustomerData(ctx: AppContext, customerId: number): Promise<AccountExport> {
  const db = ctx.db;
  const [account] = await items(
    db,
    sql`select json_build_object('role', role, 'name', name, 'email', email, 'phone', phone, 'city', city,
          'address', address, 'wishlistAlerts', wishlist_alerts, 'createdAt', created_at) as item
        from accounts where id = ${customerId} and role = 'customer' and deleted_at is null`,
  );
  if (!account) throw notFound('Account not found');
  return {
    exportedAt: ctx.now().toISOString(),
    account,
    orders: await items(
      db,
      sql`select json_build_object(${orderFields}, 'store', s.name, 'shippingAddress', o.shipping_address) as item
          from orders o join stores s on s.id = o.store_id
          where o.customer_id = ${customerId} order by o.created_at, o.id`,
    ),
    returns: await items(
      db,
      sql`select json_build_object(${returnFields}) as item from returns r join orders o on o.id = r.order_id
          where o.customer_id = ${customerId} order by r.created_at, r.id`,
    ),
    payments: await items(
      db,
      sql`select json_build_object('id', id, 'provider', provider, 'amount', amount, 'status', status,
            'createdAt', created_at) as item
          from payments where customer_id = ${customerId} order by created_at, id`,
    ),
    reviews: await items(
      db,
      sql`select json_build_object('productId', r.product_id, 'product', p.name, 'rating', r.rating, 'text', r.text,
            'createdAt', r.created_at) as item
          from reviews r left join products p on p.id = r.product_id
          where r.customer_id = ${customerId} order by r.created_at, r.id`,
    ),
    complaints: await items(
      db,
      sql`select json_build_object('orderId', c.order_id, 'store', s.name, 'subject', c.subject,
            'description', c.description, 'status', c.status, 'actionTaken', c.action_taken,
            'createdAt', c.created_at) as item
          from complaints c join stores s on s.id = c.store_id
          where c.customer_id = ${customerId} order by c.created_at, c.id`,
    ),
    wishlist: await listWishlist(ctx, customerId),
    compare: await items(
      db,
      sql`select json_build_object('productId', c.product_id, 'offerId', c.offer_id,
            'name', coalesce(p.name, o.name), 'addedAt', c.created_at) as item
          from compare_items c left join products p on p.id = c.product_id left join offers o on o.id = c.offer_id
          where c.customer_id = ${customerId} order by c.created_at, c.id`,
    ),
    cart: await items(
      db,
      sql`select json_build_object('listingId', c.listing_id, 'name', l.name, 'quantity', c.quantity,
            'addedAt', c.added_at) as item
          from cart_items c join listings l on l.id = c.listing_id
          where c.customer_id = ${customerId} order by c.added_at, c.listing_id`,
    ),
    priceAlerts: await listPriceAlerts(ctx, customerId),
    notifications: await items(
      db,
      sql`select json_build_object('orderId', order_id, 'title', title, 'body', body, 'read', read_at is not null,
            'createdAt', created_at) as item
          from customer_notifications where customer_id = ${customerId} order by created_at, id`,
    ),
  };
}

export async function exportSellerData(ctx: AppContext, sellerId: number): Promise<AccountExport> {
  const db = ctx.db;
  const [account] = await items(
    db,
    sql`select json_build_object('role', role, 'name', name, 'email', email, 'phone', phone,
          'createdAt', created_at) as item
        from accounts where id = ${sellerId} and role = 'seller' and deleted_at is null`,
  );
  const [store] = await queryRows<{ id: number; item: unknown }>(
    db,
    sql`select id, json_build_object('name', name, 'slug', slug, 'licenseId', license_id, 'phone', phone,
          'status', status, 'description', description, 'createdAt', created_at) as item
        from stores where seller_id = ${sellerId}`,
  );
  if (!account || !store) throw notFound('Account not found');
  const storeId = store.id;
  return {
    exportedAt: ctx.now().toISOString(),
    account,
    store: store.item,
    listings: await items(
      db,
      sql`select json_build_object('id', id, 'productId', product_id, 'name', name, 'brand', brand,
            'category', category, 'description', description, 'ram', ram_gb, 'storage', storage_gb, 'price', price,
            'quantity', quantity, 'stock', stock, 'image', image, 'gtin', gtin, 'unitsSold', units_sold,
            'createdAt', created_at, 'updatedAt', updated_at) as item
          from listings where store_id = ${storeId} order by id`,
    ),
    // The store's sales records; the buyers' names and addresses are theirs, not the seller's to export.
    orders: await items(
      db,
      sql`select json_build_object(${orderFields}) as item from orders o
          where o.store_id = ${storeId} order by o.created_at, o.id`,
    ),
    returns: await items(
      db,
      sql`select json_build_object(${returnFields}) as item from returns r
          where r.store_id = ${storeId} order by r.created_at, r.id`,
    ),
    sales: await items(
      db,
      sql`select json_build_object('code', s.code, 'title', s.title, 'discountPercent', s.discount_percent,
            'startsAt', s.starts_at, 'endsAt', s.ends_at, 'createdAt', s.created_at,
            'listingIds', (select coalesce(json_agg(sp.listing_id order by sp.listing_id), '[]'::json)
              from sale_products sp where sp.sale_id = s.id)) as item
          from sales s where s.store_id = ${storeId} order by s.created_at, s.id`,
    ),
    promos: await items(
      db,
      sql`select json_build_object('code', code, 'title', title, 'discountPercent', discount_percent,
            'startsAt', starts_at, 'endsAt', ends_at, 'createdAt', created_at) as item
          from promos where store_id = ${storeId} order by created_at, id`,
    ),
    blogs: await items(
      db,
      sql`select json_build_object('id', id, 'title', title, 'content', content, 'createdAt', created_at,
            'updatedAt', updated_at) as item
          from blogs where store_id = ${storeId} order by created_at, id`,
    ),
    complaints: await items(
      db,
      sql`select json_build_object('orderId', order_id, 'subject', subject, 'status', status,
            'actionTaken', action_taken, 'createdAt', created_at) as item
          from complaints where store_id = ${storeId} order by created_at, id`,
    ),
  };
}

export function exportAccountData(ctx: AppContext, user: SessionUser): Promise<AccountExport> {
  if (user.role === 'seller') return exportSellerData(ctx, user.id);
  if (user.role === 'customer') return exportCustomerData(ctx, user.id);
  throw forbidden(OPERATOR_ACCOUNTS);
}
