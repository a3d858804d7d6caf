import type { SellerDashboard } from '@pricehub/shared/schemas/dashboard';
import type { AppContext } from '../../context';
import { storeReturnCounts } from '../orders/returns/service';
import { dashboardFigures } from './repository';

/**
 * The seller's dashboard: revenue, orders and the monthly series leave cancelled orders out; "products" are the
 * store's listings (their own name and price); views are their catalogue products' page views; the rating is the
 * one shoppers see (reviews/store-rating.ts).
 */
export async function sellerDashboard(ctx: AppContext, storeId: number): Promise<SellerDashboard> {
  const { sales, listings, averageRating } = await dashboardFigures(ctx.db, storeId, ctx.now());
  const returns = await storeReturnCounts(ctx, storeId);
  // Drivers hand json back parsed; normalise the bigint sums and the timestamps' text form.
  return {
    kpis: {
      revenueThisMonth: Number(sales.revenueThisMonth),
      orders: sales.orders,
      products: listings.products,
      averageRating,
    },
    priceChart: listings.priceChart,
    salesByMonth: sales.salesByMonth.map((m) => ({ ...m, revenue: Number(m.revenue) })),
    views: listings.views,
    recentOrders: sales.recentOrders.map((o) => ({ ...o, createdAt: new Date(o.createdAt).toISOString() })),
    returns,
  };
}
