import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatMdy } from '@pricehub/shared/rules/dates';
import { messages } from '@pricehub/shared/messages';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useStoreComplaints } from '../api/complaints';
import { ComplaintStatusBadge } from '../components/complaint-status-badge';
import { ComplaintUpdateForm } from '../components/complaint-update-form';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';

export function SellerComplaintsPage() {
  usePageTitle('Complaints');
  const complaints = useStoreComplaints();
  return (
    <Stack>
      <Title order={1} size="h2">
        Complaints
      </Title>
      {complaints.isLoading && <LoadingState />}
      {complaints.isError && <ErrorState error={complaints.error} onRetry={() => void complaints.refetch()} />}
      {complaints.data?.complaints.length === 0 && <EmptyState title={messages.complaint.none} />}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {complaints.data?.complaints.map((c) => (
          <Paper key={c.id} withBorder p="md" radius="md" component="article" aria-labelledby={`complaint-${c.id}`}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Title order={2} size="h5" id={`complaint-${c.id}`}>
                  {c.subject}
                </Title>
                <ComplaintStatusBadge status={c.status} />
              </Group>
              <Text size="sm" c="dimmed">
                Order {c.orderId} · {c.customer.name} ({c.customer.email}) · {formatMdy(new Date(c.createdAt))}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {c.description}
              </Text>
              <ComplaintUpdateForm complaint={c} />
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
