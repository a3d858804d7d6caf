import type { OrderStatus } from '../rules/order-status';

/** GET /api/seller/dashboard: everything the seller's dashboard shows, money in paisa. */
export interface SellerDashboard {
  kpis: {
    revenueThisMonth: number;
    orders: number;
    products: number;
    /** Mean star rating of the store's products' reviews, one decimal; null with no ratings. */
    averageRating: number | null;
  };
  priceChart: { name: string; price: number }[];
  /** 12 entries, oldest first, ending with this month; cancelled orders are left out. */
  salesByMonth: { month: string; label: string; revenue: number; orders: number }[];
  views: { name: string; views: number }[];
  /** The store's returns by state: Requested ones wait for the seller's answer. */
  returns: { requested: number; accepted: number; refused: number };
  recentOrders: { orderId: string; customer: string; total: number; status: OrderStatus; createdAt: string }[];
}
