import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import { storeStanding, type OperatorStore, type StoreStanding } from '@pricehub/shared/schemas/operator';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useStores } from '../api/stores';
import { FilterBar, FilterSelect } from '../components/filter-bar';
import { PagedCardList } from '../components/paged-list';
import { StoreActionDialog } from '../components/store-action-dialog';
import { StoreStatusBadge } from '../components/store-status-badge';
import { searchWords, useUrlFilters } from '../components/use-url-filters';

const statusOptions = [
  { value: '', label: 'Any status' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed by seller' },
  { value: 'suspended', label: 'Suspended' },
];
const sortOptions = [
  { value: 'name', label: 'Name' },
  { value: 'gmv', label: 'GMV, last 30 days' },
  { value: 'newest', label: 'Newest first' },
];
const sorts = ['name', 'gmv', 'newest'] as const;

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** /operator/stores: every seller's store with its key figures; suspend or reopen one with a reason. */
export function StoresPage() {
  usePageTitle('Sellers');
  const [filter, setFilter] = useUrlFilters(
    (params) => {
      const status = params.get('status');
      const sort = params.get('sort');
      return {
        q: params.get('q') ?? '',
        status: storeStanding.safeParse(status).success ? (status as StoreStanding) : undefined,
        sort: sorts.find((s) => s === sort) ?? 'name',
      };
    },
    { sort: 'name' },
  );
  const stores = useStores(filter);
  const [acting, setActing] = useState<{ store: OperatorStore; kind: 'suspend' | 'reopen' } | null>(null);

  return (
    <Stack>
      <Title order={1} size="h2">
        Sellers
      </Title>
      <FilterBar
        searchLabel="Search stores"
        inputLabel="Store or seller"
        placeholder="Name, address or email"
        {...searchWords(filter, setFilter)}
      >
        <FilterSelect
          label="Status"
          data={statusOptions}
          value={filter.status ?? ''}
          onChange={(v) => setFilter({ status: (v || undefined) as StoreStanding | undefined, page: 1 })}
          width={180}
        />
        <FilterSelect
          label="Sort by"
          data={sortOptions}
          value={filter.sort ?? 'name'}
          onChange={(v) => setFilter({ sort: (v || 'name') as (typeof sorts)[number], page: 1 })}
          width={180}
        />
      </FilterBar>

      <PagedCardList
        query={stores}
        loadingLabel="Loading stores"
        emptyMessage={filter.q || filter.status ? 'No store matches this search.' : 'No stores yet.'}
        noun="stores"
        onPage={(page) => setFilter({ page })}
        label="Stores"
        busy={stores.isFetching}
        card={(store) => <StoreCard key={store.slug} store={store} onAct={(kind) => setActing({ store, kind })} />}
      />
      {acting && <StoreActionDialog store={acting.store} kind={acting.kind} onClose={() => setActing(null)} />}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

function StoreCard({ store, onAct }: { store: OperatorStore; onAct: (kind: 'suspend' | 'reopen') => void }) {
  const headingId = `store-${store.slug}`;
  const rating =
    store.rating.average === null ? 'No ratings' : `${store.rating.average.toFixed(1)} / 5 (${store.rating.count})`;
  return (
    <Paper component="li" withBorder p="md" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h4" id={headingId}>
              <Anchor component={Link} to={`/viewstore/${store.slug}`} inherit>
                {store.name}
              </Anchor>
            </Title>
            <StoreStatusBadge status={store.status} />
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {store.seller.name} · {store.seller.email}
          </Text>
        </div>
        {store.status === 'suspended' ? (
          <Button variant="light" color="green" onClick={() => onAct('reopen')} aria-label={`Reopen ${store.name}`}>
            Reopen
          </Button>
        ) : (
          <Button variant="light" color="red" onClick={() => onAct('suspend')} aria-label={`Suspend ${store.name}`}>
            Suspend
          </Button>
        )}
      </Group>
      {store.suspension && (
        <Alert color="red" variant="light" mt="sm" p="xs">
          <Text size="sm">
            Suspended {dateTime.format(new Date(store.suspension.suspendedAt))}: {store.suspension.reason}
          </Text>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} mt="sm" spacing="sm">
        <Figure label="Listings" value={String(store.listings)} />
        <Figure label="Orders, 30 days" value={String(store.orders30d)} />
        <Figure label="GMV, 30 days" value={formatRs(store.gmv30d)} />
        <Figure label="Rating" value={rating} />
      </SimpleGrid>
    </Paper>
  );
}
