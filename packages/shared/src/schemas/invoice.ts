export const invoiceMessages = {
  notYet: 'The invoice is ready once the order is paid',
} as const;

/** Where an order's invoice downloads from (a PDF, sent as an attachment). */
export const invoicePath = (orderId: string, copy: 'customer' | 'seller' = 'customer') =>
  copy === 'seller' ? `/api/seller/orders/${orderId}/invoice` : `/api/orders/${orderId}/invoice`;
