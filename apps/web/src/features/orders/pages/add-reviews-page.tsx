import { Anchor, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { reviewMessages } from '@pricehub/shared/schemas/review';
import { usePageTitle } from '../../../hooks/use-page-title';
import { RequireRole } from '../../../components/require-role';
import { useMyOrders } from '../../../api/my-orders';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';
import { ReviewEntry } from '../components/review-entry';

export function AddReviewsPage() {
  return (
    <RequireRole role="customer">
      <AddReviews />
    </RequireRole>
  );
}

/** Pick a bought product from a Completed order that has no review yet, and review it. */
function AddReviews() {
  usePageTitle('Add a review');
  const orders = useMyOrders();
  const [picked, setPicked] = useState<string | null>(null);

  if (orders.isLoading) return <LoadingState label="Loading your orders" />;
  if (orders.isError) return <ErrorState error={orders.error} onRetry={() => orders.refetch()} />;

  const open = orders.data!.flatMap((order) =>
    order.status === 'Completed'
      ? order.lines
          .filter((l) => l.productId !== null && !l.reviewed)
          .map((l) => ({ key: `${order.orderId}:${l.productId}`, orderId: order.orderId, line: l }))
      : [],
  );
  const chosen = open.find((o) => o.key === picked) ?? (picked ? undefined : open[0]);

  return (
    <Stack maw={640} mx="auto">
      <Title order={1} size="h2">
        Add a review
      </Title>
      {open.length === 0 && !picked ? (
        <EmptyState title="Nothing to review right now">
          <Text size="sm" c="dimmed" ta="center">
            You can review a product once its order is Completed.
          </Text>
          <Anchor component={Link} to="/custPanel">
            See your orders
          </Anchor>
        </EmptyState>
      ) : (
        <Paper withBorder p="md" radius="md">
          <Stack>
            <Select
              label="Product"
              data={open.map((o) => ({ value: o.key, label: `${o.line.name} (order ${o.orderId})` }))}
              value={chosen?.key ?? picked}
              onChange={setPicked}
              allowDeselect={false}
            />
            {chosen ? (
              <ReviewEntry
                key={chosen.key}
                orderId={chosen.orderId}
                productId={chosen.line.productId!}
                productName={chosen.line.name}
                reviewed={false}
              />
            ) : (
              <Text c="green">{reviewMessages.added}</Text>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
