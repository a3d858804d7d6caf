import { useNavigate } from 'react-router';
import { messages } from '@pricehub/shared/messages';
import { ApiRequestError } from '../../../api/client';
import { useSession } from '../../../api/session';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useAddToCart, saveForLater } from '../api/catalog';

/** Cart and wishlist actions with the spec's sign-in rules and toasts (compare: components/add-to-compare-button). */
export function useShopperActions() {
  const { customer } = useSession();
  const navigate = useNavigate();
  const addToCart = useAddToCart();

  const toLogin = () => navigate('/login', { state: { from: window.location.pathname } });

  return {
    signedIn: !!customer,
    adding: addToCart.isPending,
    async addToCart(productId: number, thenGoToCart = false) {
      if (!customer) return toLogin();
      try {
        await addToCart.mutateAsync(productId);
        notifySuccess(messages.cart.added);
        if (thenGoToCart) navigate('/shoppingCart');
      } catch (error) {
        notifyError(error instanceof Error ? error.message : messages.generic.internal);
      }
    },
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
