import '@mantine/dates/styles.css';
import { ActionIcon, Badge, Paper, Stack, Table, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { formatMdy, localIsoDay } from '@pricehub/shared/rules/dates';
import type { SellerPromo } from '@pricehub/shared/schemas/promo';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { useConfirmedDelete } from '../../../hooks/use-confirmed-delete';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useCreatePromo, useDeletePromo, useSellerPromos } from '../api/promos';
import { CampaignStatusBadge } from '../../../components/campaign/campaign-status-badge';
import { PromoForm } from '../components/promo-form';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';
import { DataTable } from '../../../components/data-table';

export function AddPromoPage() {
  usePageTitle('Promo codes');
  const navigate = useNavigate();
  const promos = useSellerPromos();
  const create = useCreatePromo();
  const deleting = useConfirmedDelete(useDeletePromo(), (promo: SellerPromo) => promo.code);

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
      {promos.isLoading && <LoadingState />}
      {promos.isError && <ErrorState error={promos.error} onRetry={() => void promos.refetch()} />}
      {promos.data?.promos.length === 0 && <EmptyState title="You have no promo codes yet." />}
      {!!promos.data?.promos.length && (
        <DataTable
          minWidth={560}
          striped
          aria-label="Your promo codes"
          columns={['Code', 'Title', 'Discount', 'Dates', 'Status', { label: 'Actions', hidden: true }]}
        >
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
                  onClick={() => deleting.ask(p)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <ConfirmDeleteDialog
        deleting={deleting}
        title="Delete promo code?"
        message={(item) => `Delete ${item.code}? Shoppers will no longer be able to use it.`}
      />
    </Stack>
  );
}
