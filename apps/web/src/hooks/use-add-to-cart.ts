import { useNavigate } from 'react-router';
import { messages } from '@pricehub/shared/messages';
import type { CartAddInput } from '@pricehub/shared/schemas/cart';
import { useAddToCart } from '../api/cart-add';
import { useSession } from '../api/session';
import { notifyError, notifySuccess } from '../components/notify';

/** "Add to Cart" with the spec's rules: a visitor is sent to log in first; the result is a toast. */
export function useAddToCartAction() {
  const { customer } = useSession();
  const navigate = useNavigate();
  const mutation = useAddToCart();

  return {
    signedIn: !!customer,
    /** The item being added now (to show one button busy, not all of them). */
    pending: mutation.isPending ? mutation.variables : undefined,
    async add(input: CartAddInput, thenGoToCart = false) {
      if (!customer) return navigate('/login', { state: { from: window.location.pathname } });
      try {
        await mutation.mutateAsync(input);
        notifySuccess(messages.cart.added);
        if (thenGoToCart) navigate('/shoppingCart');
      } catch (error) {
        notifyError(error instanceof Error ? error.message : messages.generic.internal);
      }
    },
  };
}
