import { Button, type ButtonProps } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { messages } from '@pricehub/shared/messages';
import type { CompareItem, SavedItemInput } from '@pricehub/shared/schemas/saved';
import { ApiRequestError, post } from '../api/client';
import { notifyError, notifySuccess } from './notify';

// The dialog (and Mantine's modal code) loads only when a list is actually full.
const CompareReplaceDialog = lazy(() => import('./compare-replace-dialog'));

type Target = { productId: number; offerId?: undefined } | { offerId: number; productId?: undefined };

/**
 * "Add to Compare" for a product or an external offer, on any page. When the list already holds 4, the server
 * answers COMPARE_FULL with them and this asks which one to replace, then swaps in one request.
 */
export function AddToCompareButton({
  target,
  signedIn,
  ...buttonProps
}: { target: Target; signedIn: boolean } & ButtonProps) {
  const client = useQueryClient();
  const add = useMutation({
    mutationFn: (input: SavedItemInput) => post<{ message: string }>('/compare', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['compare'] }),
  });
  const [full, setFull] = useState<CompareItem[] | null>(null);

  const submit = (replaceId?: number) =>
    add.mutate(
      { ...target, ...(replaceId ? { replaceId } : {}) },
      {
        onSuccess: (res) => {
          setFull(null);
          notifySuccess(res.message);
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code === 'COMPARE_FULL') {
            setFull((error.details as { items: CompareItem[] }).items);
            return;
          }
          notifyError(error.message);
        },
      },
    );

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconScale size={16} aria-hidden />}
        loading={add.isPending && !full}
        {...buttonProps}
        onClick={() => (signedIn ? submit() : notifyError(messages.login.loginFirst))}
      >
        Add to Compare
      </Button>
      {full && (
        <Suspense fallback={null}>
          <CompareReplaceDialog
            items={full}
            replacing={add.isPending}
            onReplace={(id) => submit(id)}
            onCancel={() => setFull(null)}
          />
        </Suspense>
      )}
    </>
  );
}
