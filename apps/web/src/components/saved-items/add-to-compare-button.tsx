import { Button, type ButtonProps } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { messages } from '@pricehub/shared/messages';
import type { CompareItem } from '@pricehub/shared/schemas/saved';
import { ApiRequestError } from '../../api/client';
import { useAddToCompare } from '../../api/saved-items';
import { useSession } from '../../api/session';
import { notifyError, notifySuccess } from '../notify';
import type { SavedItemTarget } from './saved-item-target';

// The dialog (and Mantine's modal code) loads only when a list is actually full.
const CompareReplaceDialog = lazy(() => import('./compare-replace-dialog'));

/**
 * "Add to Compare" for a product or an external offer, on any page. When the list already holds 4, the server
 * answers COMPARE_FULL with them and this asks which one to replace, then swaps in one request.
 */
export function AddToCompareButton({ target, ...buttonProps }: { target: SavedItemTarget } & ButtonProps) {
  const { customer, isLoading } = useSession();
  const add = useAddToCompare();
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
        // Until the session is known, a click could not tell a customer from a visitor.
        disabled={isLoading}
        {...buttonProps}
        onClick={() => (customer ? submit() : notifyError(messages.login.loginFirst))}
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
