import { Anchor, Badge, Button, Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import type { CustomerNotificationView } from '@pricehub/shared/schemas/customer-notification';
import { notifyError, notifySuccess } from '../../../components/notify';
import { usePageTitle } from '../../../hooks/use-page-title';
import { formatNotificationTime } from '../lib/notification-time';
import { RequireRole } from '../../../components/require-role';
import { useCustomerNotifications, useMarkNotificationsRead } from '../api/customer-notifications';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';

/** /notifications: what happened to the customer's orders (status moves, rejections, returns, refunds). */
export function CustomerNotificationsPage() {
  return (
    <RequireRole role="customer">
      <CustomerNotifications />
    </RequireRole>
  );
}

/** A page number from the address; anything else is the first page. */
const pageFrom = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1;
};

function CustomerNotifications() {
  usePageTitle('Notifications');
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const list = useCustomerNotifications(page);
  const markRead = useMarkNotificationsRead();

  const markAll = () =>
    markRead.mutate(
      {},
      { onSuccess: (result) => notifySuccess(result.message), onError: (error) => notifyError(error.message) },
    );
  const markOne = (n: CustomerNotificationView) =>
    markRead.mutate({ ids: [n.id] }, { onError: (error) => notifyError(error.message) });

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Stack maw={760} mx="auto" w="100%">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Stack gap={0}>
          <Title order={1} size="h2">
            Notifications
          </Title>
          {data && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {data.unread === 0 ? 'All read' : `${data.unread} unread`}
            </Text>
          )}
        </Stack>
        {data && data.total > 0 && (
          <Button
            variant="light"
            leftSection={<IconChecks size={16} aria-hidden />}
            onClick={markAll}
            loading={markRead.isPending && markRead.variables?.ids === undefined}
            disabled={data.unread === 0}
          >
            Mark all read
          </Button>
        )}
      </Group>

      {list.isLoading ? (
        <LoadingState label="Loading notifications" />
      ) : list.isError && !data ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : data!.total === 0 ? (
        <EmptyState title="No notifications yet">
          <Text size="sm" c="dimmed" ta="center" maw={420}>
            When a seller accepts, ships or completes your order, or answers a return, you will find it here.
          </Text>
          <Anchor component={Link} to="/custPanel#orders">
            Your orders
          </Anchor>
        </EmptyState>
      ) : data!.notifications.length === 0 ? (
        <EmptyState title="Nothing on this page">
          <Anchor component={Link} to="/notifications">
            Back to the newest notifications
          </Anchor>
        </EmptyState>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your notifications">
          {data!.notifications.map((n) => (
            <NotificationItem key={n.id} notification={n} onRead={() => markOne(n)} />
          ))}
        </Stack>
      )}

      {data && pages > 1 && (
        <Group justify="center" component="nav" aria-label="Pages of notifications">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
            size="sm"
            siblings={1}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': 'Previous page' }
                : control === 'next'
                  ? { 'aria-label': 'Next page' }
                  : {}
            }
          />
        </Group>
      )}
    </Stack>
  );
}

/** One notification: unread ones are tinted, marked "New" and in bold; following the link marks it read. */
function NotificationItem({ notification: n, onRead }: { notification: CustomerNotificationView; onRead: () => void }) {
  return (
    <Paper
      component="li"
      withBorder
      p="md"
      radius="md"
      bg={n.read ? undefined : 'blue.0'}
      style={n.read ? undefined : { borderLeft: '4px solid var(--mantine-color-blue-6)' }}
    >
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Anchor
            component={Link}
            to={n.link}
            fw={n.read ? 500 : 700}
            c={n.read ? 'dark' : undefined}
            onClick={n.read ? undefined : onRead}
            style={{ overflowWrap: 'anywhere' }}
          >
            {n.title}
          </Anchor>
          {!n.read && (
            <Badge size="sm" variant="filled" style={{ flexShrink: 0 }}>
              New
            </Badge>
          )}
        </Group>
        {n.body && (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {n.body}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            <time dateTime={n.date}>{formatNotificationTime(n.date)}</time>
          </Text>
          {!n.read && (
            <Button variant="subtle" size="compact-xs" onClick={onRead} aria-label={`Mark “${n.title}” as read`}>
              Mark as read
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
