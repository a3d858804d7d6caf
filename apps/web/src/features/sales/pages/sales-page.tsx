import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconEdit, IconPlus, IconTicket, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMdy } from '@pricehub/shared/rules/dates';
import type { SellerSale } from '@pricehub/shared/schemas/sale';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useConfirmedDelete } from '../../../hooks/use-confirmed-delete';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useDeleteSale, useSellerSales } from '../api/sales';
import { CampaignStatusBadge } from '../../../components/campaign/campaign-status-badge';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';

export function SalesPage() {
  usePageTitle('Sales');
  const sales = useSellerSales();
  const remove = useDeleteSale();

  const deleting = useConfirmedDelete((sale: SellerSale) => remove.mutateAsync(sale.code));

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Sales-Deals
        </Title>
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
      </Group>
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
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover aria-label="Your sales">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Code</Table.Th>
                <Table.Th>Discount</Table.Th>
                <Table.Th>Dates</Table.Th>
                <Table.Th>Products</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog
        opened={deleting.asking !== null}
        title="Delete sale?"
        message={`Delete “${deleting.asking?.title}”? Its products go back to their normal prices at once.`}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        loading={remove.isPending}
        onConfirm={() => void deleting.confirm()}
        onClose={deleting.cancel}
      />
    </Stack>
  );
}
