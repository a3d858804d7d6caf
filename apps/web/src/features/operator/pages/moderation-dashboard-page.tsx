import { Alert, Badge, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuildingStore,
  IconCash,
  IconFlag,
  IconMessageReport,
  IconReceipt,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import type { PlatformDashboard } from '@pricehub/shared/schemas/operator-dashboard';
import { usePageTitle } from '../../../hooks/use-page-title';
import { usePlatformDashboard } from '../api/moderation-dashboard';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { KpiCard } from '../../../components/kpi-card';

const Charts = lazy(() => import('../components/moderation-dashboard-charts'));

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "3 hours ago", "2 days ago": how old a price is matters more than its date. */
function age(iso: string | null, now = Date.now()): string {
  if (!iso) return 'never';
  const minutes = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

/** /operator/dashboard, the console's first page: trade, sellers, the freshness of other stores, what is missing. */
export function PlatformDashboardPage() {
  usePageTitle('Operator dashboard');
  const [params, setParams] = useSearchParams();
  const days = params.get('days') === '90' ? 90 : 30;
  const dashboard = usePlatformDashboard(days);
  return (
    <Stack>
      <PageHeader title="Dashboard">
        <SegmentedControl
          aria-label="Period"
          value={String(days)}
          onChange={(v) => setParams(v === '90' ? { days: '90' } : {})}
          data={[
            { value: '30', label: 'Last 30 days' },
            { value: '90', label: 'Last 90 days' },
          ]}
        />
      </PageHeader>
      {dashboard.isLoading ? (
        <LoadingState label="Loading dashboard" />
      ) : dashboard.isError ? (
        <ErrorState error={dashboard.error} onRetry={() => dashboard.refetch()} />
      ) : (
        <Figures data={dashboard.data!} />
      )}
    </Stack>
  );
}

function Figures({ data: d }: { data: PlatformDashboard }) {
  const stale = d.freshness.filter((s) => s.stale);
  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 3, lg: 5 }}>
        <KpiCard label={`GMV, ${d.days} days`} value={formatRs(d.totals.gmv)} icon={IconCash} />
        <KpiCard label={`Orders, ${d.days} days`} value={String(d.totals.orders)} icon={IconReceipt} />
        <KpiCard
          label="Active sellers"
          value={`${d.activeSellers} of ${d.openStores}`}
          icon={IconBuildingStore}
          to="/operator/stores"
        />
        <KpiCard label="Reported reviews" value={String(d.openReports)} icon={IconFlag} to="/operator/moderation" />
        <KpiCard
          label="Escalations waiting"
          value={String(d.openEscalations)}
          icon={IconMessageReport}
          to="/operator/escalations"
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Active sellers: open stores with at least one order in the period. Cancelled orders and unpaid card payments
        count for nothing.
      </Text>
      <Suspense fallback={<LoadingState label="Loading charts" />}>
        <Charts data={d} />
      </Suspense>

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="freshness-title">
        <Title order={2} size="h4" mb="sm" id="freshness-title">
          Other stores’ prices
        </Title>
        {stale.length > 0 && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} mb="sm">
            {stale.length === 1 ? '1 store has' : `${stale.length} stores have`} not refreshed within twice their
            interval: {stale.map((s) => s.name).join(', ')}.
          </Alert>
        )}
        {d.freshness.length === 0 ? (
          <EmptyState title="No other stores yet." />
        ) : (
          <DataTable minWidth={520} striped columns={['Store', 'Offers', 'Oldest price checked', 'Last run']}>
            {d.freshness.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  {s.name}{' '}
                  {s.paused ? (
                    <Badge size="xs" color="gray">
                      paused
                    </Badge>
                  ) : s.stale ? (
                    <Badge size="xs" color="orange">
                      stale
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>{s.offers}</Table.Td>
                <Table.Td title={s.oldestCheckAt ? dateTime.format(new Date(s.oldestCheckAt)) : undefined}>
                  {age(s.oldestCheckAt)}
                </Table.Td>
                <Table.Td title={s.lastRefreshAt ? dateTime.format(new Date(s.lastRefreshAt)) : undefined}>
                  {age(s.lastRefreshAt)}
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="failures-title">
          <Title order={2} size="h4" mb="sm" id="failures-title">
            Ingestion failures
          </Title>
          {d.ingestionFailures.length === 0 ? (
            <Text c="dimmed" size="sm">
              No run failed in the last {d.days} days.
            </Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {d.ingestionFailures.map((f) => (
                <li key={f.runId}>
                  <Text size="sm" fw={600}>
                    {f.store} · {dateTime.format(new Date(f.at))}
                  </Text>
                  <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
                    {f.error ??
                      `${f.failed} item${f.failed === 1 ? '' : 's'} failed${f.reasons.length ? `: ${f.reasons.join('; ')}` : ''}`}
                  </Text>
                </li>
              ))}
            </Stack>
          )}
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="misses-title">
          <Title order={2} size="h4" mb="sm" id="misses-title">
            Top searches with no result
          </Title>
          {d.noResultSearches.length === 0 ? (
            <Text c="dimmed" size="sm">
              Every search found something in the last {d.days} days.
            </Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Search</Table.Th>
                  <Table.Th ta="right">Times</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.noResultSearches.map((s) => (
                  <Table.Tr key={s.term}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.term}</Table.Td>
                    <Table.Td ta="right">{s.count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      </SimpleGrid>
    </>
  );
}
