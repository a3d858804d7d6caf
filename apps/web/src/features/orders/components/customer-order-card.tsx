import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OrderView } from '@pricehub/shared/schemas/order';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useCancelOrder } from '../api/orders';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { OrderStepper } from './order-stepper';
import { OrderSummary, paymentLabel } from '../../../components/order-summary';
import { RejectionNotice } from './rejection-notice';
import { ReviewEntry } from './review-entry';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });

/** One order in the customer's history: status stepper, details, Cancel while Booked, reviews once Completed. */
export function CustomerOrderCard({ order }: { order: OrderView }) {
  const cancel = useCancelOrder();
  const [confirming, setConfirming] = useState(false);
  const confirmCancel = () =>
    cancel.mutate(order.orderId, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        setConfirming(false);
      },
      onError: (error) => notifyError(error.message),
    });

  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Order ${order.orderId}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={0}>
            <Text fw={700}>Order {order.orderId}</Text>
            <Text size="sm" c="dimmed">
              {dateFormat.format(new Date(order.createdAt))} · {order.store.name} · {paymentLabel(order)}
            </Text>
          </Stack>
          <Badge variant="light" color={order.status === 'Cancelled' ? 'red' : 'blue'}>
            {order.status}
          </Badge>
        </Group>
        <OrderStepper status={order.status} />
        <RejectionNotice order={order} />
        <OrderSummary
          order={order}
          lineExtra={(line) =>
            order.status === 'Completed' && line.productId !== null ? (
              <ReviewEntry
                orderId={order.orderId}
                productId={line.productId}
                productName={line.name}
                reviewed={line.reviewed}
              />
            ) : null
          }
        />
        <Text size="sm" c="dimmed">
          Ship to: {order.shippingAddress}
        </Text>
        <Group gap="sm">
          <Button
            component={Link}
            to={`/orders/${order.orderId}`}
            variant="light"
            aria-label={`View order ${order.orderId}`}
          >
            View order
          </Button>
          {order.status === 'Booked' && (
            <Button color="red" variant="light" onClick={() => setConfirming(true)}>
              Cancel order
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={`Cancel order ${order.orderId}?`}
        message={
          order.paymentStatus === 'pending'
            ? 'The order will be cancelled and its items returned to the store. It is not paid yet, so its payment page closes: other orders paid for on the same page are cancelled with it.'
            : 'The order will be cancelled and its items returned to the store.'
        }
        confirmLabel="Cancel order"
        loading={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
