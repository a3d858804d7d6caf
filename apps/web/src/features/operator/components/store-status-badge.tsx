import { Badge } from '@mantine/core';
import type { StoreStanding } from '@pricehub/shared/schemas/operator';

const look: Record<StoreStanding, { color: string; label: string }> = {
  open: { color: 'green', label: 'Open' },
  closed: { color: 'gray', label: 'Closed by seller' },
  suspended: { color: 'red', label: 'Suspended' },
};

export function StoreStatusBadge({ status }: { status: StoreStanding }) {
  return (
    <Badge variant="light" color={look[status].color}>
      {look[status].label}
    </Badge>
  );
}
