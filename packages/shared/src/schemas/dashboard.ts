import { z } from 'zod';
import { ORDER_STATUSES } from '../rules/order-status';
import { isoTime } from './response';

/** GET /api/seller/dashboard: everything the seller's dashboard shows, money in paisa. */
export const sellerDashboard = z.object({
  kpis: z.object({
    revenueThisMonth: z.number().int(),
    orders: z.number().int(),
    products: z.number().int(),
    /** Mean star rating of the store's products' reviews, one decimal; null with no ratings. */
    averageRating: z.number().nullable(),
  }),
  priceChart: z.array(z.object({ name: z.string(), price: z.number().int() })),
  /** 12 entries, oldest first, ending with this month; cancelled orders are left out. */
  salesByMonth: z.array(
    z.object({ month: z.string(), label: z.string(), revenue: z.number().int(), orders: z.number().int() }),
  ),
  views: z.array(z.object({ name: z.string(), views: z.number().int() })),
  /** The store's returns by state: Requested ones wait for the seller's answer. */
  returns: z.object({ requested: z.number().int(), accepted: z.number().int(), refused: z.number().int() }),
  recentOrders: z.array(
    z.object({
      orderId: z.string(),
      customer: z.string(),
      total: z.number().int(),
      status: z.enum([...ORDER_STATUSES, 'Cancelled']),
      createdAt: isoTime,
    }),
  ),
});
export type SellerDashboard = z.infer<typeof sellerDashboard>;
