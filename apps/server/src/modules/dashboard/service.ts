import { sql } from 'drizzle-orm';
import type { SellerDashboard } from '@pricehub/shared/schemas/dashboard';
import type { AppContext } from '../../context';
import { queryRows } from '../../db/client';
import { storeReturnCounts } from '../returns/service';
import { storeAverageRatingSql } from '../reviews/store-rating';

const PRICE_CHART_LIMIT = 30;
const VIEWS_LIMIT = 10;
const RECENT_ORDERS = 10;

/**
 * The whole dashboard in one statement, so the page costs one round trip. Months are UTC calendar months; the
 * 12-month series comes from generate_series so months without sales still appear (as 0). Cancelled orders
 * earn nothing and are left out of revenue, counts and the monthly series. "Products" are the store's listings
 * (their own name and price); views are their catalogue products' page views. The rating is the one shoppers see
 * (reviews/store-rating.ts).
 */
export async function sellerDashboard(ctx: AppContext, storeId: number): Promise<SellerDashboard> {
  const now = ctx.now();
  const [row] = await queryRows<{ dashboard: SellerDashboard }>(
    ctx.db,
    sql`
      with
        this_month as (select date_trunc('month', (${now}::timestamptz at time zone 'UTC')) as start),
        live_orders as (
          select id, total, (created_at at time zone 'UTC') as created_utc
          from orders where store_id = ${storeId} and status <> 'Cancelled'
        ),
        months as (
          select generate_series((select start from this_month) - interval '11 months', (select start from this_month),
                                 interval '1 month') as start
        ),
        monthly as (
          select m.start, coalesce(sum(o.total), 0)::bigint as revenue, count(o.id)::int as orders
          from months m
          left join live_orders o on o.created_utc >= m.start and o.created_utc < m.start + interval '1 month'
          group by m.start
        )
      select json_build_object(
        'kpis', json_build_object(
          'revenueThisMonth', (select coalesce(sum(total), 0)::bigint from live_orders
                               where created_utc >= (select start from this_month)),
          'orders', (select count(*)::int from live_orders),
          'products', (select count(*)::int from listings where store_id = ${storeId}),
          'averageRating', ${storeAverageRatingSql(sql`${storeId}`)}
        ),
        'priceChart', coalesce((select json_agg(json_build_object('name', name, 'price', price) order by created_at, id)
                                from (select name, price, created_at, id from listings where store_id = ${storeId}
                                      order by created_at desc, id desc limit ${PRICE_CHART_LIMIT}) p), '[]'::json),
        'salesByMonth', (select json_agg(json_build_object(
                            'month', to_char(start, 'YYYY-MM'),
                            'label', to_char(start, 'Mon YYYY'),
                            'revenue', revenue,
                            'orders', orders) order by start)
                         from monthly),
        'views', coalesce((select json_agg(json_build_object('name', name, 'views', views) order by views desc, id)
                           from (select l.name, p.views, l.id from listings l join products p on p.id = l.product_id
                                 where l.store_id = ${storeId}
                                 order by p.views desc, l.id limit ${VIEWS_LIMIT}) v), '[]'::json),
        'recentOrders', coalesce((select json_agg(json_build_object(
                                    'orderId', o.id, 'customer', a.name, 'total', o.total,
                                    'status', o.status, 'createdAt', o.created_at) order by o.created_at desc, o.id desc)
                                  from (select * from orders where store_id = ${storeId}
                                        order by created_at desc, id desc limit ${RECENT_ORDERS}) o
                                  join accounts a on a.id = o.customer_id), '[]'::json)
      ) as dashboard`,
  );
  const dashboard = row!.dashboard;
  const returns = await storeReturnCounts(ctx, storeId);
  // Drivers hand json back parsed; normalise the one bigint sum and the timestamps' text form.
  return {
    ...dashboard,
    returns,
    kpis: { ...dashboard.kpis, revenueThisMonth: Number(dashboard.kpis.revenueThisMonth) },
    salesByMonth: dashboard.salesByMonth.map((m) => ({ ...m, revenue: Number(m.revenue) })),
    recentOrders: dashboard.recentOrders.map((o) => ({ ...o, createdAt: new Date(o.createdAt).toISOString() })),
  };
}
