import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { REJECTION_REASON_MAX } from '@pricehub/shared/rules/order-status';
import { rejectOrderInput, type OrderView } from '@pricehub/shared/schemas/order';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useRejectOrder } from '../api/orders';

/**
 * Asks the seller why before rejecting a Booked order: the reason is mailed to the customer. The reason is checked
 * with the server's own schema, and kept (with the server's message) when the request fails.
 */
export function RejectOrderDialog({
  order,
  opened,
  onClose,
  onRejected,
}: {
  order: Pick<OrderView, 'orderId' | 'paymentMethod' | 'paymentStatus'>;
  opened: boolean;
  onClose: () => void;
  onRejected: () => void;
}) {
  const reject = useRejectOrder(order.orderId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const paid = order.paymentMethod === 'online' && order.paymentStatus === 'paid';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = rejectOrderInput.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    reject.mutate(parsed.data, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        onRejected();
      },
      onError: (e) => {
        setError(e.message);
        notifyError(e.message);
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Reject order ${order.orderId}?`} centered>
      <form onSubmit={submit} noValidate aria-label="Reject order">
        <Stack>
          <Text size="sm">
            The order is cancelled and its items go back in stock.{' '}
            {paid ? 'The customer’s card payment is refunded.' : 'Nothing was charged.'} The customer gets an email with
            your reason.
          </Text>
          <Textarea
            label="Reason for the customer"
            placeholder="e.g. The last unit was damaged and we cannot restock it this month."
            required
            data-autofocus
            autosize
            minRows={3}
            maxLength={REJECTION_REASON_MAX}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep the order
            </Button>
            <Button type="submit" color="red" loading={reject.isPending}>
              Reject order
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
