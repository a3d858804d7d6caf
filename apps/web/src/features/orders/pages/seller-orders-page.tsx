import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { formatRs } from '@pricehub/shared/rules/money';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useSellerOrders } from '../api/orders';
import { paymentLabel } from '../../../components/order-summary';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';
import { DataTable } from '../../../components/data-table';
import { UpdateOrderButton } from '../../../components/update-order-button';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });

/** The seller's orders, newest first, each with an Update button. */
export function SellerOrdersPage() {
  usePageTitle('Orders');
  const orders = useSellerOrders();
  if (orders.isLoading) return <LoadingState label="Loading orders" />;
  if (orders.isError) return <ErrorState error={orders.error} onRetry={() => orders.refetch()} />;
  return (
    <Stack>
      <Title order={1} size="h2">
        Orders
      </Title>
      {orders.data!.length === 0 ? (
        <EmptyState title="No orders yet">
          <Text size="sm" c="dimmed">
            New orders appear here and in Notifications.
          </Text>
        </EmptyState>
      ) : (
        <DataTable
          minWidth={720}
          striped
          highlightOnHover
          verticalSpacing="sm"
          columns={[
            'Order',
            'Date',
            'Customer',
            'Products',
            { label: 'Total', align: 'right' },
            'Payment',
            'Status',
            { label: 'Actions', hidden: true },
          ]}
        >
          {orders.data!.map((o) => (
            <Table.Tr key={o.orderId}>
              <Table.Td>{o.orderId}</Table.Td>
              <Table.Td>{dateFormat.format(new Date(o.createdAt))}</Table.Td>
              <Table.Td>{o.customer.name}</Table.Td>
              <Table.Td>{o.lines.map((l) => `${l.name} ×${l.quantity}`).join(', ')}</Table.Td>
              <Table.Td ta="right">{formatRs(o.total)}</Table.Td>
              <Table.Td>{paymentLabel(o)}</Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={o.status === 'Cancelled' ? 'red' : 'blue'}
                  title={o.rejectionReason ?? undefined}
                >
                  {o.rejectionReason ? 'Rejected' : o.status}
                </Badge>
              </Table.Td>
              <Table.Td>
                {o.status !== 'Cancelled' && o.status !== 'Completed' && <UpdateOrderButton orderId={o.orderId} />}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
