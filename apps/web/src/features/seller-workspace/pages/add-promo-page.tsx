import '@mantine/dates/styles.css';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatMdy, localIsoDay } from '@pricehub/shared/rules/dates';
import type { SellerPromo } from '@pricehub/shared/schemas/promo';
import { notifyError, notifySuccess } from '../../../components/notify';
import { usePageTitle } from '../../../components/page-title';
import { useCreatePromo, useDeletePromo, useSellerPromos } from '../api/promos';
import { CampaignStatusBadge } from '../components/campaign-status-badge';
import { PromoForm } from '../components/promo-form';
import { EmptyState, LoadError, PageLoader } from '../components/query-states';

export function AddPromoPage() {
  usePageTitle('Promo codes');
  const navigate = useNavigate();
  const promos = useSellerPromos();
  const create = useCreatePromo();
  const remove = useDeletePromo();
  const [confirming, setConfirming] = useState<SellerPromo | null>(null);

  const confirmDelete = async () => {
    if (!confirming) return;
    try {
      notifySuccess((await remove.mutateAsync(confirming.code)).message);
      setConfirming(null);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'Not Deleted');
    }
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        Promo codes
      </Title>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          Add a promo code
        </Title>
        <PromoForm
          today={localIsoDay(new Date())}
          onSave={async (input) => {
            const { promo } = await create.mutateAsync(input);
            navigate(`/seller/promoAlert?code=${promo.code}`);
          }}
        />
      </Paper>
      <Title order={2} size="h4">
        Your promo codes
      </Title>
      {promos.isLoading && <PageLoader />}
      {promos.isError && <LoadError error={promos.error} onRetry={() => void promos.refetch()} />}
      {promos.data?.promos.length === 0 && <EmptyState message="You have no promo codes yet." />}
      {!!promos.data?.promos.length && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Your promo codes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Title</Table.Th>
                <Table.Th>Discount</Table.Th>
                <Table.Th>Dates</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {promos.data.promos.map((p) => (
                <Table.Tr key={p.code}>
                  <Table.Td>
                    <Badge variant="outline" ff="monospace">
                      {p.code}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{p.title}</Table.Td>
                  <Table.Td>{p.discount}%</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatMdy(p.startDate)} – {formatMdy(p.endDate)}
                  </Table.Td>
                  <Table.Td>
                    <CampaignStatusBadge status={p.status} />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete promo ${p.code}`}
                      onClick={() => setConfirming(p)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title="Delete promo code?" centered>
        <Stack>
          <Text>Delete {confirming?.code}? Shoppers will no longer be able to use it.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void confirmDelete()}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
