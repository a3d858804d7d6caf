import { ActionIcon, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import type { NotificationView } from '@pricehub/shared/schemas/notification';
import { notifyError, notifySuccess } from '../../../components/notify';
import { usePageTitle } from '../../../hooks/use-page-title';
import { formatNotificationTime } from '../lib/notification-time';
import { useDeleteNotification, useNotifications } from '../api/seller-notifications';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';

/** New-order notifications: message, product, customer, date, total; each can be deleted. */
export function SellerNotificationsPage() {
  usePageTitle('Notifications');
  const list = useNotifications();
  const remove = useDeleteNotification();
  const [deleting, setDeleting] = useState<NotificationView | null>(null);

  if (list.isLoading) return <LoadingState label="Loading notifications" />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => list.refetch()} />;

  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        setDeleting(null);
      },
      onError: (error) => notifyError(error.message),
    });

  return (
    <Stack>
      <Title order={1} size="h2">
        Notifications
      </Title>
      {list.data!.length === 0 ? (
        <EmptyState title="No notifications" />
      ) : (
        list.data!.map((n) => (
          <Paper key={n.id} withBorder p="md" radius="md" component="article" aria-label={n.message}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Text fw={600}>{n.message}</Text>
                <Text size="sm">Product: {n.product}</Text>
                <Text size="sm">Customer: {n.customer}</Text>
                <Text size="sm">Total: {formatRs(n.total)}</Text>
                <Text size="xs" c="dimmed">
                  {formatNotificationTime(n.date)}
                </Text>
                {n.orderId && (
                  <Anchor component={Link} to={`/updateOrder/${n.orderId}`} size="sm">
                    Open order {n.orderId}
                  </Anchor>
                )}
              </Stack>
              <ActionIcon
                color="red"
                variant="subtle"
                aria-label={`Delete notification ${n.message}`}
                onClick={() => setDeleting(n)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          </Paper>
        ))
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete notification?"
        message={deleting ? deleting.message : ''}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
