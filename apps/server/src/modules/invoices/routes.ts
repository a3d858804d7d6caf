import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderIdParams } from '@pricehub/shared/schemas/order';
import { rawAnswer } from '@pricehub/shared/schemas/response';
import type { AppContext } from '../../context';
import { currentStoreId, currentUser } from '../../http/access';
import { customerInvoice, sellerInvoice, type Invoice } from './service';

/** An order's invoice as a PDF download: the customer's, and the seller's copy of their store's order. */
export const invoicesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['invoices'];
  const response = { 200: rawAnswer('application/pdf', 'The invoice, a PDF file to save (attachment)') };
  const send = (reply: import('fastify').FastifyReply, invoice: Invoice) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${invoice.filename}"`)
      // Personal data: never kept by a shared cache.
      .header('cache-control', 'private, no-store')
      .send(invoice.pdf);

  app.get(
    '/orders/:orderId/invoice',
    { config: { access: 'customer' }, schema: { tags, params: orderIdParams, response } },
    async (request, reply) => send(reply, await customerInvoice(ctx, currentUser(request).id, request.params.orderId)),
  );

  app.get(
    '/seller/orders/:orderId/invoice',
    { config: { access: 'seller' }, schema: { tags, params: orderIdParams, response } },
    async (request, reply) => send(reply, await sellerInvoice(ctx, currentStoreId(request), request.params.orderId)),
  );
};
