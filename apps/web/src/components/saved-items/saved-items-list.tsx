import { Button, Stack, Text, Title } from '@mantine/core';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiRequestError } from '../../api/client';
import { ConfirmRemoveModal } from '../confirm-remove-modal';
import { notifyError, notifySuccess } from '../notify';
import { EmptyState, ErrorState, LoadingState } from '../page-states';

interface Props<T extends { id: number; name: string }> {
  title: string;
  /** How the confirmation names the list ("wishlist", "compare list"). */
  listName: string;
  items: UseQueryResult<T[]>;
  remove: UseMutationResult<{ message: string }, Error, number>;
  loadingLabel: string;
  empty: { title: string; hint: string };
  /** Draws the items; `askToRemove(item)` opens the confirmation. */
  children: (items: T[], askToRemove: (item: T) => void) => ReactNode;
}

/**
 * A shopper's saved list (wishlist, compare list): its title, its loading, failed and empty states, and removing an
 * item after a confirmation, with the server's message as a toast.
 */
export function SavedItemsList<T extends { id: number; name: string }>({
  title,
  listName,
  items,
  remove,
  loadingLabel,
  empty,
  children,
}: Props<T>) {
  const [removing, setRemoving] = useState<T | null>(null);

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: (res) => notifySuccess(res.message),
      onError: (error) => notifyError(error instanceof ApiRequestError ? error.message : String(error)),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      {items.isPending ? (
        <LoadingState label={loadingLabel} />
      ) : items.isError ? (
        <ErrorState error={items.error} onRetry={() => void items.refetch()} />
      ) : items.data.length === 0 ? (
        <EmptyState title={empty.title}>
          <Text c="dimmed" ta="center">
            {empty.hint}
          </Text>
          <Button component={Link} to="/result">
            Browse products
          </Button>
        </EmptyState>
      ) : (
        children(items.data, setRemoving)
      )}
      <ConfirmRemoveModal
        name={removing?.name ?? null}
        listName={listName}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
