import { Badge } from '@mantine/core';

const look = {
  scheduled: { color: 'blue', label: 'Scheduled' },
  running: { color: 'green', label: 'Running' },
  ended: { color: 'gray', label: 'Ended' },
} as const;

export function CampaignStatusBadge({ status }: { status: keyof typeof look }) {
  return (
    <Badge color={look[status].color} variant="light">
      {look[status].label}
    </Badge>
  );
}
