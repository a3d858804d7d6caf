import type { OrderLineView, OrderView } from '@pricehub/shared/schemas/order';
import type { ReturnView } from '@pricehub/shared/schemas/return';

/** One line of an order: a single Quasarphone at Rs 45,000. */
export const orderLine = (over: Partial<OrderLineView> = {}): OrderLineView => ({
  id: 1,
  productId: 7,
  name: 'Quasarphone',
  image: '',
  unitPrice: 45_000_00,
  quantity: 1,
  lineTotal: 45_000_00,
  reviewed: false,
  ...over,
});

/** A Booked cash-on-delivery order SG10001 of Hina's at Alpha Store, as GET /api/orders/:id answers. */
export const orderView = (over: Partial<OrderView> = {}): OrderView => ({
  orderId: 'SG10001',
  store: { slug: 'alpha', name: 'Alpha Store' },
  customer: { name: 'Hina', email: 'hina@example.test' },
  status: 'Booked',
  paymentMethod: 'cashOnDel',
  paymentStatus: 'not_required',
  paymentId: null,
  subtotal: 45_000_00,
  shippingFee: 50_00,
  discount: 0,
  total: 45_050_00,
  promoCode: null,
  shippingAddress: '1 Test Road, Lahore',
  createdAt: '2026-11-22T07:00:00.000Z',
  updatedAt: '2026-11-22T07:00:00.000Z',
  lines: [orderLine()],
  ...over,
});

/** A return asked for on SG10001, not decided yet. */
export const returnView = (over: Partial<ReturnView> = {}): ReturnView => ({
  id: 5,
  orderId: 'SG10001',
  status: 'Requested',
  reason: 'Cracked screen',
  decisionReason: '',
  refundAmount: null,
  createdAt: '2026-11-23T07:00:00.000Z',
  decidedAt: null,
  order: {
    total: 81_050_00,
    paymentMethod: 'cashOnDel',
    paymentStatus: 'not_required',
    store: { slug: 'alpha', name: 'Alpha Store' },
    customer: { name: 'Hina' },
    lines: [{ name: 'Quasarphone', quantity: 2 }],
  },
  ...over,
});
