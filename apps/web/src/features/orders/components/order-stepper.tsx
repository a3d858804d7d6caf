import { Badge, Stepper } from '@mantine/core';
import { ORDER_STATUSES } from '@pricehub/shared/rules/order-status';
import type { OrderStatusValue } from '@pricehub/shared/schemas/order';

/** Booked → Accepted → Shipped → Completed; a cancelled order shows a badge instead of progress. */
export function OrderStepper({ status }: { status: OrderStatusValue }) {
  if (status === 'Cancelled') {
    return (
      <Badge color="red" variant="light">
        Cancelled
      </Badge>
    );
  }
  const index = ORDER_STATUSES.indexOf(status);
  // Stepper's `active` is the step in progress; a Completed order has every step done.
  const active = status === 'Completed' ? ORDER_STATUSES.length : index + 1;
  return (
    <Stepper active={active} size="sm" allowNextStepsSelect={false} aria-label={`Order status: ${status}`}>
      {ORDER_STATUSES.map((s) => (
        <Stepper.Step key={s} label={s} aria-current={s === status ? 'step' : undefined} />
      ))}
    </Stepper>
  );
}
