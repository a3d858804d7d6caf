import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { messages } from '@pricehub/shared/messages';
import { RequireRole } from '../../../components/require-role';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useMyComplaints } from '../api/complaints';
import { ComplaintCard } from '../components/complaint-card';
import { ComplaintEscalation } from '../components/complaint-escalation';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';
import { PageHeader } from '../../../components/page-header';

function MyComplaints() {
  usePageTitle('Your complaints');
  const complaints = useMyComplaints();
  return (
    <Stack maw={860} mx="auto" w="100%">
      <PageHeader title="Your complaints">
        <Button component={Link} to="/registercomplain" variant="light">
          Register a complaint
        </Button>
      </PageHeader>
      {complaints.isLoading && <LoadingState />}
      {complaints.isError && <ErrorState error={complaints.error} onRetry={() => void complaints.refetch()} />}
      {complaints.data?.complaints.length === 0 && <EmptyState title={messages.complaint.none} />}
      {complaints.data?.complaints.map((c) => (
        <ComplaintCard key={c.id} complaint={c} from={c.store.name}>
          <Text size="sm">
            <Text span fw={600}>
              Action taken:{' '}
            </Text>
            {c.actionTaken || 'None yet'}
          </Text>
          <ComplaintEscalation complaint={c} />
        </ComplaintCard>
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
