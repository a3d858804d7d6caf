import { Button, type ButtonVariant } from '@mantine/core';
import { Link } from 'react-router';

/** A seller's way from a list of orders (the dashboard's, the orders page's) to the page that moves one on. */
export function UpdateOrderButton({ orderId, variant }: { orderId: string; variant?: ButtonVariant }) {
  return (
    <Button
      component={Link}
      to={`/updateOrder/${orderId}`}
      size="xs"
      variant={variant}
      aria-label={`Update order ${orderId}`}
    >
      Update
    </Button>
  );
}
