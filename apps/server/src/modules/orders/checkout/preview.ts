import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatRs } from '@pricehub/shared/rules/money';
import {
  checkoutPreview,
  checkoutPreviewInput,
  promoCodeShape,
  type CheckoutPreview,
} from '@pricehub/shared/schemas/checkout-preview';
import type { AppContext } from '../../../context';
import { currentUser } from '../../../http/access';
import { HttpError } from '../../../http/errors';
import { refundHit, type Caller } from '../../../http/rate-limit';
import type { Promo } from '../../promos/lookup';
import { enforcePromoLimit, PROMO_LIMIT, promoUnusable, usablePromo } from '../../promos/redeem';
import { cartWithSales, draftOrders } from './service';

/**
 * What checking out the cart now would cost, priced by checkout's own code (sale prices, the promo's percent off
 * its store's subtotal, shipping per order), so the preview and the orders can never disagree.
 *
 * A code is looked up under the same limit as a checkout that carries one, and one that cannot be used gets
 * checkout's one generic answer. Only codes that fail count: a usable code gives its hit back, so a shopper whose
 * preview follows their typing and cart changes is not locked out, while a guesser still gets 10 misses per 10
 * minutes across previews and checkouts together.
 */
export async function previewCheckout(
  ctx: AppContext,
  customerId: number,
  promoCode: string | undefined,
  caller: Caller,
): Promise<CheckoutPreview> {
  const now = ctx.now();
  const { rows, sales } = await cartWithSales(ctx.db, customerId, now);
  let promo: Promo | undefined;
  if (promoCode && promoCodeShape.test(promoCode)) {
    await enforcePromoLimit(ctx.db, caller);
    promo = await usablePromo(ctx.db, promoCode, new Set(rows.map((r) => r.storeId)), now).catch((error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 400) return undefined;
      throw error;
    });
    if (promo) await refundHit(ctx.db, PROMO_LIMIT, caller);
  }

  const drafts = draftOrders(rows, sales, promo);
  const orders = drafts.map((o) => ({
    store: { slug: o.lines[0]!.storeSlug, name: o.lines[0]!.storeName },
    subtotal: o.subtotal,
    discount: o.discount,
    shipping: o.total - o.subtotal + o.discount,
    total: o.total,
  }));
  const saved = orders.reduce((n, o) => n + o.discount, 0);
  const promoStore = promo && drafts.find((o) => o.storeId === promo.storeId)?.lines[0]!.storeName;
  let answer: CheckoutPreview['promo'] = null;
  if (promoCode) {
    answer = promo
      ? {
          code: promo.code,
          valid: true,
          message: `${promo.percent}% off ${promoStore}'s items: you save ${formatRs(saved)}`,
        }
      : { code: promoCode.toUpperCase(), valid: false, message: promoUnusable };
  }
  return { orders, total: orders.reduce((n, o) => n + o.total, 0), promo: answer };
}

/** POST /api/checkout/preview {promoCode?}: the signed-in customer's cart as checkout would price it. */
export const checkoutPreviewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/checkout/preview',
    {
      config: { access: 'customer' },
      schema: { tags: ['checkout'], body: checkoutPreviewInput, response: { 200: checkoutPreview } },
    },
    async (request) => {
      const buyer = currentUser(request);
      return previewCheckout(ctx, buyer.id, request.body.promoCode, { account: String(buyer.id), address: request.ip });
    },
  );
};
