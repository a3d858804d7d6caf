import { invoiceMessages } from '@pricehub/shared/schemas/invoice';
import type { OrderView } from '@pricehub/shared/schemas/order';
import type { AppContext } from '../../context';
import { conflict } from '../../http/errors';
import { customerOrder, storeOrder } from '../orders/service';
import { renderInvoice } from './render';

export interface Invoice {
  filename: string;
  pdf: Buffer;
}

/**
 * The customer's invoice for their own order. The orders service decides who sees an order: another customer's
 * answers 404, as it does for the order itself.
 */
/** An online order that was never paid was never sold: there is nothing to invoice. */
function invoiceable(order: OrderView): OrderView {
  if (order.paymentStatus === 'pending' || order.paymentStatus === 'expired') throw conflict(invoiceMessages.notYet);
  return order;
}

export async function customerInvoice(ctx: AppContext, customerId: number, orderId: string): Promise<Invoice> {
  const order = invoiceable(await customerOrder(ctx, customerId, orderId));
  return { filename: `pricehub-invoice-${order.orderId}.pdf`, pdf: await renderInvoice(order, { copy: 'customer' }) };
}

/** The seller's copy, for an order of their store (others answer 404). */
export async function sellerInvoice(ctx: AppContext, storeId: number, orderId: string): Promise<Invoice> {
  const order = invoiceable(await storeOrder(ctx, storeId, orderId));
  return { filename: `pricehub-invoice-${order.orderId}.pdf`, pdf: await renderInvoice(order, { copy: 'seller' }) };
}
