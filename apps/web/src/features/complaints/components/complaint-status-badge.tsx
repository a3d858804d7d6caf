import { Badge } from '@mantine/core';
import type { ComplaintStatus } from '@pricehub/shared/schemas/complaint';

const colors: Record<ComplaintStatus, string> = { Open: 'red', 'In progress': 'orange', Resolved: 'green' };

export function ComplaintStatusBadge({ status }: { status: ComplaintStatus }) {
  return (
    <Badge color={colors[status]} variant="light">
      {status}
    </Badge>
  );
}
