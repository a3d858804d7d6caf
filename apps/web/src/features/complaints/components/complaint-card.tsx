import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatMdy } from '@pricehub/shared/rules/dates';
import type { Complaint } from '@pricehub/shared/schemas/complaint';
import { ComplaintStatusBadge } from './complaint-status-badge';

interface Props {
  complaint: Complaint;
  /** The other side, as the reader knows them: the store for the customer, the customer for the store. */
  from: string;
  /** What the reader sees or does next (the action taken, the escalation, the store's answer). */
  children: ReactNode;
}

/** One complaint as both sides see it: subject, status, order, who, when, and what was written. */
export function ComplaintCard({ complaint: c, from, children }: Props) {
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={`complaint-${c.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h5" id={`complaint-${c.id}`}>
            {c.subject}
          </Title>
          <ComplaintStatusBadge status={c.status} />
        </Group>
        <Text size="sm" c="dimmed">
          Order {c.orderId} · {from} · {formatMdy(new Date(c.createdAt))}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {c.description}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
