import { Button, type ButtonProps } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { messages } from '@pricehub/shared/messages';
import { useAddToWishlist } from '../../api/saved-items';
import { useSession } from '../../api/session';
import { notifyError, notifySuccess } from '../notify';
import type { SavedItemTarget } from './saved-item-target';

/**
 * "Add to Wishlist" for a product or an external offer, on any page. A visitor is told to log in first (spec §8);
 * the result is the server's message as a toast. Its sibling is AddToCompareButton. `children` is the label (the external offer page says "WishList").
 */
export function AddToWishlistButton({
  target,
  children = 'Add to Wishlist',
  ...buttonProps
}: { target: SavedItemTarget; children?: string } & ButtonProps) {
  const { customer, isLoading } = useSession();
  const add = useAddToWishlist();
  const save = () =>
    add.mutate(target, {
      onSuccess: (res) => notifySuccess(res?.message ?? messages.wishlist.added),
      onError: (error) => notifyError(error.message || messages.generic.internal),
    });
  return (
    <Button
      variant="light"
      leftSection={<IconHeart size={18} aria-hidden />}
      loading={add.isPending}
      // Until the session is known, a click could not tell a customer from a visitor.
      disabled={isLoading}
      {...buttonProps}
      onClick={() => (customer ? save() : notifyError(messages.login.loginFirst))}
    >
      {children}
    </Button>
  );
}
