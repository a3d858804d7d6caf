import { Anchor, Badge, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMdy } from '@pricehub/shared/rules/dates';
import { formatRs } from '@pricehub/shared/rules/money';
import { RETURN_WINDOW_DAYS, type ReturnView } from '@pricehub/shared/schemas/return';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useSellerReturns } from '../api/returns';
import { returnColor } from '../components/order-returns';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';
import { ReturnDecisionForm } from '../components/return-decision-form';
import { PageHeader } from '../../../components/page-header';

const payment = (r: ReturnView) =>
  r.order.paymentMethod === 'cashOnDel'
    ? 'Cash on delivery'
    : `Online (${r.order.paymentStatus === 'refunded' ? 'refunded' : 'paid'})`;

function ReturnCard({ entry }: { entry: ReturnView }) {
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Return of order ${entry.orderId}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text fw={700}>
              Order{' '}
              <Anchor component={Link} to={`/updateOrder/${entry.orderId}`}>
                {entry.orderId}
              </Anchor>
            </Text>
            <Text size="sm" c="dimmed">
              {entry.order.customer.name} · asked {formatMdy(entry.createdAt)} · {payment(entry)}
            </Text>
          </Stack>
          <Badge color={returnColor[entry.status]} variant="light">
            {entry.status}
          </Badge>
        </Group>
        <Text size="sm">
          {entry.order.lines.map((l) => `${l.name} ×${l.quantity}`).join(', ')} · {formatRs(entry.order.total)}
        </Text>
        <Text size="sm">
          <strong>Reason:</strong> {entry.reason}
        </Text>
        {entry.status === 'Requested' ? (
          <ReturnDecisionForm entry={entry} />
        ) : (
          <Text size="sm" c="dimmed">
            {entry.status === 'Accepted'
              ? `Accepted ${entry.decidedAt ? formatMdy(entry.decidedAt) : ''}: items restocked, ${formatRs(entry.refundAmount ?? 0)} refunded.`
              : `Refused ${entry.decidedAt ? formatMdy(entry.decidedAt) : ''}.`}
            {entry.decisionReason ? ` Your words: ${entry.decisionReason}` : ''}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

type Filter = 'open' | 'all';

/** The store's returns: open requests first to decide, and the ones already answered. */
export function SellerReturnsPage() {
  usePageTitle('Returns');
  const returns = useSellerReturns();
  const [filter, setFilter] = useState<Filter>('open');
  if (returns.isLoading) return <LoadingState label="Loading returns" />;
  if (returns.isError) return <ErrorState error={returns.error} onRetry={() => returns.refetch()} />;
  const all = returns.data!;
  const open = all.filter((r) => r.status === 'Requested');
  const shown = filter === 'open' ? open : all;
  return (
    <Stack>
      <PageHeader title="Returns">
        <SegmentedControl
          aria-label="Show returns"
          value={filter}
          onChange={(v) => setFilter(v as Filter)}
          data={[
            { value: 'open', label: `To decide (${open.length})` },
            { value: 'all', label: `All (${all.length})` },
          ]}
        />
      </PageHeader>
      {shown.length === 0 ? (
        <EmptyState title={filter === 'open' ? 'No returns to decide' : 'No returns yet'}>
          <Text size="sm" c="dimmed" ta="center">
            Customers can ask to return an order within {RETURN_WINDOW_DAYS} days of it being Completed. Requests appear
            here and in Notifications.
          </Text>
        </EmptyState>
      ) : (
        shown.map((entry) => <ReturnCard key={entry.id} entry={entry} />)
      )}
    </Stack>
  );
}
