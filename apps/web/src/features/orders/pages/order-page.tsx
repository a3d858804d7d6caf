import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatMdy } from '@pricehub/shared/rules/dates';
import { invoicePath } from '@pricehub/shared/schemas/invoice';
import type { OrderView } from '@pricehub/shared/schemas/order';
import { ApiRequestError } from '../../../api/client';
import { notifyError, notifySuccess } from '../../../components/notify';
import { usePageTitle } from '../../../hooks/use-page-title';
import { RequireRole } from '../../../components/require-role';
import { useOrder } from '../api/order-detail';
import { useCancelOrder } from '../api/orders';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { OrderLines } from '../components/order-lines';
import { OrderReturns } from '../components/order-returns';
import { OrderStepper } from '../components/order-stepper';
import { RejectionNotice } from '../components/rejection-notice';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';

export function OrderPage() {
  return (
    <RequireRole role="customer">
      <CustomerOrder />
    </RequireRole>
  );
}

const paymentMethod = (order: OrderView) => (order.paymentMethod === 'cashOnDel' ? 'Cash on delivery' : 'Online');

const paymentStatus = (order: OrderView) =>
  ({
    not_required: 'To pay on delivery',
    pending: 'Awaiting payment',
    paid: 'Paid',
    expired: 'Not paid',
    refunded: 'Refunded',
  })[order.paymentStatus];

/** A titled block of the order's facts (payment, delivery). */
function Fact({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb={4}>
        {title}
      </Text>
      {children}
    </Paper>
  );
}

/** One order of the signed-in customer: lines, progress, payment, address, invoice, cancel and return. */
function CustomerOrder() {
  const { orderId = '' } = useParams();
  usePageTitle(`Order ${orderId}`);
  const order = useOrder(orderId);
  const cancel = useCancelOrder();
  const [confirming, setConfirming] = useState(false);

  if (order.isLoading) return <LoadingState label="Loading your order" />;
  if (order.isError) {
    // 404 for an order that is not this customer's (or does not exist), 400 for an id that cannot be one.
    const missing = order.error instanceof ApiRequestError && [400, 404].includes(order.error.status);
    if (!missing) return <ErrorState error={order.error} onRetry={() => order.refetch()} />;
    return (
      <EmptyState title="Order not found">
        <Text c="dimmed" ta="center">
          There is no order {orderId} in your account.
        </Text>
        <Button component={Link} to="/custPanel">
          See your orders
        </Button>
      </EmptyState>
    );
  }
  const data = order.data!;
  const invoiceReady = data.paymentStatus !== 'pending' && data.paymentStatus !== 'expired';
  const confirmCancel = () =>
    cancel.mutate(data.orderId, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        setConfirming(false);
      },
      onError: (error) => notifyError(error.message),
    });

  return (
    <Stack maw={860} mx="auto" gap="lg">
      <Anchor component={Link} to="/custPanel" size="sm">
        ← Your orders
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Order {data.orderId}
          </Title>
          <Text size="sm" c="dimmed">
            Placed {formatMdy(data.createdAt)} with{' '}
            <Anchor component={Link} to={`/viewstore/${data.store.slug}`} size="sm">
              {data.store.name}
            </Anchor>
          </Text>
        </Stack>
        <Badge size="lg" variant="light" color={data.status === 'Cancelled' ? 'red' : 'blue'}>
          {data.status}
        </Badge>
      </Group>

      <OrderStepper status={data.status} />
      <RejectionNotice order={data} />

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="items-title">
        <Title order={2} size="h4" id="items-title" mb="sm">
          Items
        </Title>
        <OrderLines order={data} />
      </Paper>

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Fact title="Payment">
          <Text>{paymentMethod(data)}</Text>
          <Text size="sm" c={data.paymentStatus === 'refunded' ? 'green.8' : 'dimmed'}>
            {paymentStatus(data)}
          </Text>
        </Fact>
        <Fact title="Delivery address">
          <Text style={{ overflowWrap: 'anywhere' }}>{data.shippingAddress}</Text>
        </Fact>
      </SimpleGrid>

      <Group gap="sm" wrap="wrap">
        {invoiceReady && (
          <Button
            component="a"
            href={invoicePath(data.orderId)}
            download={`pricehub-invoice-${data.orderId}.pdf`}
            variant="default"
            leftSection={<IconFileDownload size={18} aria-hidden />}
          >
            Download invoice (PDF)
          </Button>
        )}
        {data.status === 'Booked' && (
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            Cancel order
          </Button>
        )}
      </Group>

      <OrderReturns orderId={data.orderId} completed={data.status === 'Completed'} />

      <ConfirmDialog
        opened={confirming}
        title={`Cancel order ${data.orderId}?`}
        message="The order will be cancelled and its items returned to the store."
        confirmLabel="Cancel order"
        loading={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
