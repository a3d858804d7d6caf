import type { PaymentGateway } from './gateway';

/**
 * The built-in test gateway: a page of our own ("Test payment, no money moves") whose buttons mark the payment paid
 * or cancelled through the API. No money moves, so there is nothing to close at a provider or to give back.
 */
export const testGateway: PaymentGateway = {
  provider: 'test',
  open: async (request) => ({ url: `/pay/test/${request.paymentId}`, ref: null }),
  // Paying on the page marks the payment paid before anything closes it: closed here, it was not paid.
  close: async () => ({ paid: false, amountTotal: null, currency: null }),
  refund: async () => {},
  verifyWebhook: () => {
    throw new Error('the test gateway sends no webhooks');
  },
};
