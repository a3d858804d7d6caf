import { ActionIcon, Anchor, Badge, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus, IconTicket, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMdy } from '@pricehub/shared/rules/dates';
import type { SellerSale } from '@pricehub/shared/schemas/sale';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { useConfirmedDelete } from '../../../hooks/use-confirmed-delete';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useDeleteSale, useSellerSales } from '../api/sales';
import { CampaignStatusBadge } from '../../../components/campaign/campaign-status-badge';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';

export function SalesPage() {
  usePageTitle('Sales');
  const sales = useSellerSales();
  const deleting = useConfirmedDelete(useDeleteSale(), (sale: SellerSale) => sale.code);

  return (
    <Stack>
      <PageHeader title="Sales-Deals">
        <Group gap="xs">
          <Button
            component={Link}
            to="/seller/addPromo"
            variant="light"
            leftSection={<IconTicket size={16} aria-hidden />}
          >
            Promo codes
          </Button>
          <Button component={Link} to="/seller/addSale" leftSection={<IconPlus size={16} aria-hidden />}>
            Add sale
          </Button>
        </Group>
      </PageHeader>
      {sales.isLoading && <LoadingState />}
      {sales.isError && <ErrorState error={sales.error} onRetry={() => void sales.refetch()} />}
      {sales.data && sales.data.sales.length === 0 && (
        <EmptyState title="You have no sales yet.">
          <Button component={Link} to="/seller/addSale">
            Create your first sale
          </Button>
        </EmptyState>
      )}
      {sales.data && sales.data.sales.length > 0 && (
        <DataTable
          minWidth={640}
          striped
          highlightOnHover
          aria-label="Your sales"
          columns={['Title', 'Code', 'Discount', 'Dates', 'Products', 'Status', { label: 'Actions', hidden: true }]}
        >
          {sales.data.sales.map((s) => (
            <Table.Tr key={s.code}>
              <Table.Td>
                <Anchor component={Link} to={`/saleDetail/${s.code}`}>
                  {s.title}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Badge variant="outline" ff="monospace">
                  {s.code}
                </Badge>
              </Table.Td>
              <Table.Td>{s.discount}%</Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatMdy(s.startDate)} – {formatMdy(s.endDate)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2}>
                  {s.products.map((p) => p.name).join(', ')}
                </Text>
              </Table.Td>
              <Table.Td>
                <CampaignStatusBadge status={s.status} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Edit">
                    <ActionIcon
                      component={Link}
                      to={`/seller/editSale/${s.code}`}
                      variant="subtle"
                      aria-label={`Edit ${s.title}`}
                    >
                      <IconEdit size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${s.title}`}
                      onClick={() => deleting.ask(s)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <ConfirmDeleteDialog
        deleting={deleting}
        title="Delete sale?"
        message={(item) => `Delete “${item.title}”? Its products go back to their normal prices at once.`}
      />
    </Stack>
  );
}
