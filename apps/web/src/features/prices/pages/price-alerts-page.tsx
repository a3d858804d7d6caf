import { Alert, Anchor, Badge, Button, Loader, Stack, Table, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { Link, Navigate } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import { useSession } from '../../../api/session';
import { notifyError, notifySuccess } from '../../../components/notify';
import { usePageTitle } from '../../../hooks/use-page-title';
import { usePriceAlerts, useRemovePriceAlert } from '../api/price-alerts';
import { DataTable } from '../../../components/data-table';

/** /price-alerts: the customer's price drop alerts, and which of them have fired (and mailed). */
export function PriceAlertsPage() {
  usePageTitle('Price drop alerts');
  const { customer, isLoading } = useSession();
  const alerts = usePriceAlerts(!!customer);
  const remove = useRemovePriceAlert();
  if (isLoading) return <Loader m="xl" aria-label="Loading" />;
  if (!customer) return <Navigate to="/login" replace />;

  const onRemove = async (productId: number) => {
    try {
      notifySuccess((await remove.mutateAsync(productId)).message);
    } catch (error) {
      notifyError((error as Error).message);
    }
  };

  return (
    <Stack p={{ base: 'sm', sm: 'md' }}>
      <Title order={1} size="h2">
        Price drop alerts
      </Title>
      {alerts.isLoading && <Loader aria-label="Loading alerts" />}
      {alerts.isError && <Alert color="red">Could not load your alerts: {alerts.error.message}</Alert>}
      {alerts.data?.length === 0 && (
        <Text c="dimmed">You have no price drop alerts. Set one from any product&apos;s Compare prices panel.</Text>
      )}
      {!!alerts.data?.length && (
        <DataTable
          minWidth={560}
          striped
          aria-label="Your price drop alerts"
          columns={['Product', 'Alert when', 'Lowest now', 'Status', 'Set on', 'Remove']}
        >
          {alerts.data.map((a) => (
            <Table.Tr key={a.productId}>
              <Table.Td>
                <Anchor component={Link} to={`/result/productHub/${a.productId}`}>
                  {a.productName}
                </Anchor>
              </Table.Td>
              <Table.Td>{a.targetPrice ? `≤ ${formatRs(a.targetPrice)}` : `< ${formatRs(a.basePrice)}`}</Table.Td>
              <Table.Td>{a.currentPrice === null ? 'Not in stock' : formatRs(a.currentPrice)}</Table.Td>
              <Table.Td>
                {a.fired ? (
                  <Badge color="green">Dropped to {formatRs(a.lastNotifiedPrice!)}</Badge>
                ) : (
                  <Badge color="gray">Waiting</Badge>
                )}
              </Table.Td>
              <Table.Td>{dayjs(a.createdAt).format('MM/DD/YYYY')}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => onRemove(a.productId)}
                  aria-label={`Remove alert for ${a.productName}`}
                >
                  Remove
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
