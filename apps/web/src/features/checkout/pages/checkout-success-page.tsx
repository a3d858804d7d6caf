import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import type { OrderView } from '@pricehub/shared/schemas/order';
import { get } from '../../../api/client';
import { usePageTitle } from '../../../hooks/use-page-title';
import { RequireRole } from '../../../components/require-role';
import { usePayment } from '../api/payments';
import { OrderSummary, paymentLabel } from '../../../components/order-summary';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';
import { queryKeys } from '../../../api/query-keys';

export function CheckoutSuccessPage() {
  return (
    <RequireRole role="customer">
      <Receipt />
    </RequireRole>
  );
}

/** The receipt: reads ?orders=SG1,SG2 (cash on delivery) or ?payment=… (back from paying online). */
function Receipt() {
  usePageTitle('Order receipt');
  const [params] = useSearchParams();
  const paymentId = params.get('payment');
  const listed = (params.get('orders') ?? '').split(',').filter((id) => /^SG\d+$/.test(id));
  const payment = usePayment(paymentId, true);
  // Back from Stripe, the webhook may land a moment after the customer; usePayment looks again until it has.
  const waiting = payment.data?.status === 'pending';
  const orderIds = paymentId ? (payment.data?.orderIds ?? []) : listed;
  const orders = useQuery({
    queryKey: queryKeys.orders.receipt(orderIds, payment.data?.status),
    queryFn: () => Promise.all(orderIds.map((id) => get<OrderView>(`/orders/${id}`))),
    enabled: orderIds.length > 0,
  });

  if (payment.isLoading || orders.isLoading) return <LoadingState label="Loading your receipt" />;
  if (payment.isError) return <ErrorState error={payment.error} onRetry={() => payment.refetch()} />;
  if (orders.isError) return <ErrorState error={orders.error} onRetry={() => orders.refetch()} />;
  if (orderIds.length === 0 || !orders.data) {
    return (
      <EmptyState title="No order to show">
        <Button component={Link} to="/custPanel">
          See your orders
        </Button>
      </EmptyState>
    );
  }

  const grandTotal = orders.data.reduce((n, o) => n + o.total, 0);
  const expired = payment.data && payment.data.status === 'expired';
  return (
    <Stack maw={860} mx="auto">
      {expired ? (
        <Alert color="red" title="Payment not completed" role="alert">
          These orders were cancelled because the payment was not completed. Your items are back in your cart.
        </Alert>
      ) : waiting ? (
        <Alert color="yellow" title="Waiting for the payment to be confirmed" role="status">
          This page updates by itself in a moment.
        </Alert>
      ) : (
        <Group gap="sm">
          <IconCircleCheck size={32} color="var(--mantine-color-green-6)" aria-hidden />
          <Title order={1} size="h2">
            Thank you for your order
          </Title>
        </Group>
      )}
      <Text>
        {orders.data.length === 1 ? 'Order' : 'Orders'}: <strong>{orders.data.map((o) => o.orderId).join(', ')}</strong>
      </Text>
      {orders.data.map((order) => (
        <Paper
          key={order.orderId}
          withBorder
          p="md"
          radius="md"
          component="section"
          aria-label={`Order ${order.orderId}`}
        >
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={700}>Order {order.orderId}</Text>
              <Badge variant="light">{order.status}</Badge>
            </Group>
            <Text size="sm" c="dimmed">
              Sold by {order.store.name} · {paymentLabel(order)} · Ship to {order.shippingAddress}
            </Text>
            <OrderSummary order={order} />
          </Stack>
        </Paper>
      ))}
      <Group justify="space-between">
        <Text fw={700} size="lg">
          Grand total: {formatRs(grandTotal)}
        </Text>
        <Button component={Link} to="/custPanel">
          Track your orders
        </Button>
      </Group>
    </Stack>
  );
}
