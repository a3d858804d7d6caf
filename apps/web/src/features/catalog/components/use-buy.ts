import { messages } from '@pricehub/shared/messages';
import { ApiRequestError } from '../../../api/client';
import { useSession } from '../../../api/session';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useAddToCartAction } from '../../../components/use-add-to-cart';
import { saveForLater } from '../api/catalog';

/** Cart and wishlist actions with the spec's sign-in rules and toasts (compare: components/add-to-compare-button). */
export function useShopperActions() {
  const { customer } = useSession();
  const cart = useAddToCartAction();

  return {
    signedIn: !!customer,
    adding: cart.pending !== undefined,
    /** Buys our cheapest available listing of the catalogue product. */
    addToCart: (productId: number, thenGoToCart = false) => cart.add({ productId }, thenGoToCart),
    async save(list: 'wishlist', productId: number) {
      if (!customer) return notifyError('Login First Please');
      try {
        const res = await saveForLater(list, productId);
        notifySuccess(res?.message ?? messages.wishlist.added);
      } catch (error) {
        notifyError(
          error instanceof ApiRequestError || error instanceof Error ? error.message : messages.generic.internal,
        );
      }
    },
  };
}
