import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { databaseJobs } from '../db/maintenance';
import type { JobDefinition } from '../jobs/scheduler';
import { accountDataRoutes } from './account-data/routes';
import { meRoutes } from './accounts/routes';
import { authJobs } from './auth/jobs';
import { authRoutes, passwordChangeRoutes } from './auth/routes';
import { blogUploadColumns } from './blogs/queries';
import { blogsRoutes } from './blogs/routes';
import { cartRoutes } from './cart/routes';
import { catalogUploadColumns } from './catalog/queries';
import { catalogRoutes } from './catalog/routes';
import { catalogJobs } from './catalog/units-sold';
import { sellerProductRoutes } from './catalog/seller-routes';
import { chatRoutes } from './chat/routes';
import { compareRoutes } from './compare/routes';
import { complaintsRoutes } from './complaints/routes';
import { dashboardRoutes } from './dashboard/routes';
import { ingestionJobs } from './ingestion/jobs';
import { ingestionRoutes } from './ingestion/internal-routes';
import { invoicesRoutes } from './invoices/routes';
import { mailJobs } from './mail/jobs';
import { mediaJobs } from './media/jobs';
import { declareUploadReferences } from './media/references';
import { mediaRoutes } from './media/routes';
import { notificationsRoutes } from './notifications/routes';
import { offerUploadColumns } from './offers/queries';
import { operatorRoutes } from './operator/routes';
import { checkoutJobs } from './orders/checkout/jobs';
import { checkoutRoutes } from './orders/checkout/routes';
import { orderUploadColumns } from './orders/queries';
import { returnsRoutes } from './orders/returns/routes';
import { ordersRoutes } from './orders/routes';
import { pricesRoutes } from './prices/routes';
import { promosRoutes } from './promos/routes';
import { reviewsRoutes } from './orders/reviews/routes';
import { salesRoutes } from './sale-campaigns/routes';
import { sentimentRoutes } from './sentiment/routes';
import { wishlistJobs } from './wishlist/alert-check';
import { wishlistRoutes } from './wishlist/routes';
import { unsubscribeRoutes } from './wishlist/unsubscribe-routes';

type Routes = FastifyPluginAsyncZod<{ ctx: AppContext }>;

/** Every feature's HTTP routes, mounted under their prefix. Each module declares its own paths below it. */
export const moduleRoutes: [prefix: string, routes: Routes][] = [
  ['/api/auth', authRoutes],
  ['/api/me', meRoutes],
  ['/api/me', passwordChangeRoutes],
  ['/api/me', accountDataRoutes],
  ['/api', catalogRoutes],
  ['/api', sellerProductRoutes],
  ['/api', mediaRoutes],
  ['/api', pricesRoutes],
  ['/api', ingestionRoutes],
  ['/api', sentimentRoutes],
  ['/api', cartRoutes],
  ['/api', wishlistRoutes],
  ['/api', unsubscribeRoutes],
  ['/api', compareRoutes],
  ['/api', checkoutRoutes],
  ['/api', ordersRoutes],
  ['/api', invoicesRoutes],
  ['/api', returnsRoutes],
  ['/api', reviewsRoutes],
  ['/api', notificationsRoutes],
  ['/api', salesRoutes],
  ['/api', promosRoutes],
  ['/api', complaintsRoutes],
  ['/api', blogsRoutes],
  ['/api', chatRoutes],
  ['/api', dashboardRoutes],
  ['/api', operatorRoutes],
];

/** Every feature's recurring jobs; the scheduler runs each on one server process at a time. */
export const moduleJobs: ((ctx: AppContext) => JobDefinition[])[] = [
  authJobs,
  mailJobs,
  checkoutJobs,
  ingestionJobs,
  catalogJobs,
  wishlistJobs,
  mediaJobs,
  databaseJobs,
];

/**
 * Every column that may show one of our uploads, each listed by the module that owns it. Media keeps a file while one
 * of them mentions it, and deletes it otherwise: the catalogue and blogs import media to release uploads, so media
 * imports no owner and is handed their columns here, when the modules load, before any route or job runs.
 */
export const moduleUploadColumns = [
  ...catalogUploadColumns,
  ...orderUploadColumns,
  ...offerUploadColumns,
  ...blogUploadColumns,
];
declareUploadReferences(moduleUploadColumns);
