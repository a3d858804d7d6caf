import { Alert } from '@mantine/core';
import type { OrderView } from '@pricehub/shared/schemas/order';

/** A rejected order says who rejected it and why, wherever it is shown. */
export function RejectionNotice({ order }: { order: Pick<OrderView, 'rejectionReason' | 'store'> }) {
  if (!order.rejectionReason) return null;
  return (
    <Alert color="red" variant="light" title={`Rejected by ${order.store.name}`}>
      {order.rejectionReason}
    </Alert>
  );
}
