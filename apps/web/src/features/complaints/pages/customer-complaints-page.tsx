import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatMdy } from '@pricehub/shared/rules/dates';
import { messages } from '@pricehub/shared/messages';
import { RequireRole } from '../../../components/require-role';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useMyComplaints } from '../api/complaints';
import { ComplaintEscalation } from '../components/complaint-escalation';
import { ComplaintStatusBadge } from '../components/complaint-status-badge';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';

function MyComplaints() {
  usePageTitle('Your complaints');
  const complaints = useMyComplaints();
  return (
    <Stack maw={860} mx="auto" w="100%">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Your complaints
        </Title>
        <Button component={Link} to="/registercomplain" variant="light">
          Register a complaint
        </Button>
      </Group>
      {complaints.isLoading && <LoadingState />}
      {complaints.isError && <ErrorState error={complaints.error} onRetry={() => void complaints.refetch()} />}
      {complaints.data?.complaints.length === 0 && <EmptyState title={messages.complaint.none} />}
      {complaints.data?.complaints.map((c) => (
        <Paper key={c.id} withBorder p="md" radius="md" component="article" aria-labelledby={`complaint-${c.id}`}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Title order={2} size="h5" id={`complaint-${c.id}`}>
                {c.subject}
              </Title>
              <ComplaintStatusBadge status={c.status} />
            </Group>
            <Text size="sm" c="dimmed">
              Order {c.orderId} · {c.store.name} · {formatMdy(new Date(c.createdAt))}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {c.description}
            </Text>
            <Text size="sm">
              <Text span fw={600}>
                Action taken:{' '}
              </Text>
              {c.actionTaken || 'None yet'}
            </Text>
            <ComplaintEscalation complaint={c} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

export function CustomerComplaintsPage() {
  return (
    <RequireRole role="customer">
      <MyComplaints />
    </RequireRole>
  );
}
