import { Button, type ButtonProps } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedItemInput } from '@pricehub/shared/schemas/saved';
import { post } from '../../../api/client';
import { notifyError, notifySuccess } from '../../../components/notify';
import { wishlistQueryKey } from '../api/wishlist';

/** "Add to WishList" for a product or an offer; a visitor sees the server's 'Login First Please'. */
export function AddToWishlistButton({ target, ...buttonProps }: { target: SavedItemInput } & ButtonProps) {
  const client = useQueryClient();
  const add = useMutation({
    mutationFn: () => post<{ message: string }>('/wishlist', target),
    onSuccess: (res) => {
      notifySuccess(res.message);
      void client.invalidateQueries({ queryKey: wishlistQueryKey });
    },
    onError: (error) => notifyError(error.message),
  });
  return (
    <Button
      variant="default"
      leftSection={<IconHeart size={16} />}
      loading={add.isPending}
      {...buttonProps}
      onClick={() => add.mutate()}
    >
      Add to WishList
    </Button>
  );
}
