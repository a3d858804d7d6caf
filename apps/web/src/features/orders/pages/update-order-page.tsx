import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ORDER_STATUSES } from '@pricehub/shared/rules/order-status';
import { usePageTitle } from '../../../hooks/use-page-title';
import { notifyError, notifySuccess } from '../../../components/notify';
import { RequireRole } from '../../../components/require-role';
import { useSellerOrder, useUpdateOrderStatus } from '../api/orders';
import { OrderStepper } from '../components/order-stepper';
import { OrderSummary, paymentLabel } from '../../../components/order-summary';
import { ErrorState, LoadingState } from '../../../components/page-states';
import { RejectOrderDialog } from '../components/reject-order-dialog';
import { RejectionNotice } from '../components/rejection-notice';

type Settable = 'Accepted' | 'Shipped' | 'Completed';
const choices: Settable[] = ['Accepted', 'Shipped', 'Completed'];

/** The first status the order can move to: what the form offers until the seller picks another. */
const nextStatus = (current: number): Settable =>
  choices.find((c) => ORDER_STATUSES.indexOf(c) > current) ?? 'Completed';

export function UpdateOrderPage() {
  return (
    <RequireRole role="seller">
      <UpdateOrder />
    </RequireRole>
  );
}

/**
 * The seller sets an order's status: Accepted, Shipped or Completed; only forward moves are offered, and the next
 * one is preselected.
 * While the order is Booked they may instead reject it, with a reason for the customer.
 */
function UpdateOrder() {
  const { orderId = '' } = useParams();
  usePageTitle(`Update order ${orderId}`);
  const navigate = useNavigate();
  const order = useSellerOrder(orderId);
  const update = useUpdateOrderStatus(orderId);
  const [chosen, setStatus] = useState<Settable | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);

  if (order.isLoading) return <LoadingState label="Loading the order" />;
  if (order.isError) return <ErrorState error={order.error} onRetry={() => order.refetch()} />;
  const data = order.data!;
  const current = ORDER_STATUSES.indexOf(data.status as (typeof ORDER_STATUSES)[number]);
  const status = chosen ?? nextStatus(current);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    update.mutate(status, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        navigate('/seller/orders');
      },
      onError: (e) => {
        setError(e.message);
        notifyError(e.message);
      },
    });
  };

  return (
    <Paper withBorder p="lg" radius="md" maw={760} mx="auto" my="xl">
      <Stack>
        <Anchor component={Link} to="/seller/orders" size="sm">
          ← Back to orders
        </Anchor>
        <Title order={1} size="h3">
          Update order {data.orderId}
        </Title>
        <Text size="sm" c="dimmed">
          {data.customer.name} · {paymentLabel(data)} · Ship to {data.shippingAddress}
        </Text>
        <OrderStepper status={data.status} />
        <RejectionNotice order={data} />
        <OrderSummary order={data} />
        {data.status === 'Cancelled' || data.status === 'Completed' ? (
          <Alert color="gray">This order is {data.status} and can no longer change.</Alert>
        ) : (
          <form onSubmit={submit} aria-label="Update order status">
            <Group align="flex-end">
              <Select
                label="Order status"
                data={choices.map((c) => ({
                  value: c,
                  label: c,
                  disabled: ORDER_STATUSES.indexOf(c) <= current,
                }))}
                value={status}
                onChange={(v) => v && setStatus(v as Settable)}
                allowDeselect={false}
                error={error}
                w={220}
              />
              <Button type="submit" loading={update.isPending}>
                Update status
              </Button>
              {data.status === 'Booked' && (
                <Button color="red" variant="light" onClick={() => setRejecting(true)}>
                  Reject order…
                </Button>
              )}
            </Group>
          </form>
        )}
        {data.status === 'Booked' && (
          <RejectOrderDialog
            order={data}
            opened={rejecting}
            onClose={() => setRejecting(false)}
            onRejected={() => navigate('/seller/orders')}
          />
        )}
      </Stack>
    </Paper>
  );
}
