import { sql } from 'drizzle-orm';
import type { SellerDashboard } from '@pricehub/shared/schemas/dashboard';
import { queryRows, type Db } from '../../db/client';
import { storeListingsSql, storeListsProductSql } from '../catalog/queries';
import { storeSalesSql, type StoreSales } from '../orders/queries';
import { storeAverageRatingSql } from '../reviews/store-rating';

const PRICE_CHART_LIMIT = 30;
const VIEWS_LIMIT = 10;
const RECENT_ORDERS = 10;

/** The dashboard's figures as the statement answers them (revenue sums as bigint, timestamps as text). */
export interface DashboardFigures {
  sales: StoreSales;
  listings: Pick<SellerDashboard, 'priceChart' | 'views'> & { products: number };
  averageRating: number | null;
}

/**
 * The whole dashboard in one statement, so the page costs one round trip: each module that owns the figures gives
 * its part as SQL (orders its sales, the catalogue its listings, reviews the rating shoppers see).
 */
export async function dashboardFigures(db: Db, storeId: number, now: Date): Promise<DashboardFigures> {
  const [row] = await queryRows<{
    sales: StoreSales;
    listings: DashboardFigures['listings'];
    average_rating: number | null;
  }>(
    db,
    sql`select ${storeSalesSql(storeId, now, RECENT_ORDERS)} as sales,
          ${storeListingsSql(storeId, { chartSize: PRICE_CHART_LIMIT, viewed: VIEWS_LIMIT })} as listings,
          ${storeAverageRatingSql(sql`${storeId}`, storeListsProductSql)} as average_rating`,
  );
  return { sales: row!.sales, listings: row!.listings, averageRating: row!.average_rating };
}
