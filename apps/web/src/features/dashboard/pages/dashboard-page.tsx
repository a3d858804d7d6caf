import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconCash, IconPackage, IconReceipt, IconReceiptRefund, IconStar } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { formatMdy } from '@pricehub/shared/rules/dates';
import { formatRs } from '@pricehub/shared/rules/money';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useSellerDashboard } from '../api/dashboard';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';
import { DataTable } from '../../../components/data-table';
import { KpiCard } from '../../../components/kpi-card';
import { UpdateOrderButton } from '../../../components/update-order-button';

const DashboardCharts = lazy(() => import('../components/dashboard-charts'));

const statusColor: Record<string, string> = {
  Booked: 'blue',
  Accepted: 'cyan',
  Shipped: 'orange',
  Completed: 'green',
  Cancelled: 'gray',
};

export function DashboardPage() {
  usePageTitle('Seller dashboard');
  const dashboard = useSellerDashboard();
  if (dashboard.isLoading) return <LoadingState label="Loading dashboard" />;
  if (dashboard.isError) return <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  const d = dashboard.data!;
  return (
    <Stack>
      <Title order={1} size="h2">
        Dashboard
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <KpiCard label="Revenue this month" value={formatRs(d.kpis.revenueThisMonth)} icon={IconCash} />
        <KpiCard label="Orders" value={String(d.kpis.orders)} icon={IconReceipt} />
        <KpiCard label="Products" value={String(d.kpis.products)} icon={IconPackage} />
        <KpiCard
          label="Average rating"
          value={d.kpis.averageRating === null ? 'No ratings' : `${d.kpis.averageRating.toFixed(1)} / 5`}
          icon={IconStar}
        />
      </SimpleGrid>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Returns">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <IconReceiptRefund size={26} stroke={1.4} aria-hidden color="var(--mantine-color-blue-6)" />
            <Text>
              <strong>Returns:</strong> {d.returns.requested} to decide · {d.returns.accepted} accepted ·{' '}
              {d.returns.refused} refused
            </Text>
          </Group>
          <Button
            component={Link}
            to="/seller/returns"
            size="xs"
            variant={d.returns.requested > 0 ? 'filled' : 'light'}
          >
            See returns
          </Button>
        </Group>
      </Paper>
      <Suspense fallback={<LoadingState label="Loading charts" />}>
        <DashboardCharts data={d} />
      </Suspense>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="md">
          Recent Orders
        </Title>
        {d.recentOrders.length === 0 ? (
          <EmptyState title="No orders yet." />
        ) : (
          <DataTable
            minWidth={560}
            striped
            aria-label="Recent orders"
            columns={['Order', 'Customer', 'Date', { label: 'Total', align: 'right' }, 'Status', 'Action']}
          >
            {d.recentOrders.map((o) => (
              <Table.Tr key={o.orderId}>
                <Table.Td ff="monospace">{o.orderId}</Table.Td>
                <Table.Td>{o.customer}</Table.Td>
                <Table.Td>{formatMdy(new Date(o.createdAt))}</Table.Td>
                <Table.Td ta="right">{formatRs(o.total)}</Table.Td>
                <Table.Td>
                  <Badge color={statusColor[o.status] ?? 'gray'} variant="light">
                    {o.status}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <UpdateOrderButton orderId={o.orderId} variant="light" />
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Paper>
    </Stack>
  );
}
