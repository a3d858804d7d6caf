import { SimpleGrid, Stack, Title } from '@mantine/core';
import { messages } from '@pricehub/shared/messages';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useStoreComplaints } from '../api/complaints';
import { ComplaintCard } from '../components/complaint-card';
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
          <ComplaintCard key={c.id} complaint={c} from={`${c.customer.name} (${c.customer.email})`}>
            <ComplaintUpdateForm complaint={c} />
          </ComplaintCard>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
