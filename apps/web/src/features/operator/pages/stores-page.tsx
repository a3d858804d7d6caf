import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import { storeStanding, type OperatorStore, type StoreStanding } from '@pricehub/shared/schemas/operator';
import { usePageTitle } from '../../../components/page-title';
import { useStores, type StoresFilter } from '../api/stores';
import { EmptyState, ErrorState, LoadingState } from '../components/page-states';
import { Pager } from '../components/pager';
import { StoreActionDialog } from '../components/store-action-dialog';
import { StoreStatusBadge } from '../components/store-status-badge';

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

/** The filter lives in the address, so a search can be bookmarked, shared and gone back to. */
function useFilter(): [StoresFilter, (next: StoresFilter) => void] {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const filter: StoresFilter = {
    q: params.get('q') ?? '',
    status: storeStanding.safeParse(status).success ? (status as StoreStanding) : undefined,
    sort: sorts.find((s) => s === sort) ?? 'name',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
  const update = (next: StoresFilter) => {
    const merged = { ...filter, ...next };
    const out = new URLSearchParams();
    if (merged.q) out.set('q', merged.q);
    if (merged.status) out.set('status', merged.status);
    if (merged.sort && merged.sort !== 'name') out.set('sort', merged.sort);
    if (merged.page && merged.page > 1) out.set('page', String(merged.page));
    setParams(out);
  };
  return [filter, update];
}

/** /operator/stores: every seller's store with its key figures; suspend or reopen one with a reason. */
export function StoresPage() {
  usePageTitle('Sellers');
  const [filter, setFilter] = useFilter();
  const [words, setWords] = useState(filter.q ?? '');
  const stores = useStores(filter);
  const [acting, setActing] = useState<{ store: OperatorStore; kind: 'suspend' | 'reopen' } | null>(null);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ q: words.trim(), page: 1 });
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        Sellers
      </Title>
      <Paper withBorder p="md">
        <form onSubmit={search} role="search" aria-label="Search stores">
          <Group align="flex-end" wrap="wrap" gap="sm">
            <TextInput
              label="Store or seller"
              placeholder="Name, address or email"
              value={words}
              onChange={(e) => setWords(e.currentTarget.value)}
              style={{ flex: '1 1 220px' }}
              maxLength={100}
            />
            <Select
              label="Status"
              data={statusOptions}
              value={filter.status ?? ''}
              onChange={(v) => setFilter({ status: (v || undefined) as StoreStanding | undefined, page: 1 })}
              allowDeselect={false}
              w={{ base: '100%', xs: 180 }}
            />
            <Select
              label="Sort by"
              data={sortOptions}
              value={filter.sort ?? 'name'}
              onChange={(v) => setFilter({ sort: (v ?? 'name') as StoresFilter['sort'], page: 1 })}
              allowDeselect={false}
              w={{ base: '100%', xs: 180 }}
            />
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
              Search
            </Button>
          </Group>
        </form>
      </Paper>

      {stores.isLoading ? (
        <LoadingState label="Loading stores" />
      ) : stores.isError ? (
        <ErrorState error={stores.error} onRetry={() => stores.refetch()} />
      ) : stores.data!.items.length === 0 ? (
        <EmptyState message={filter.q || filter.status ? 'No store matches this search.' : 'No stores yet.'} />
      ) : (
        <>
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Stores"
            aria-busy={stores.isFetching}
          >
            {stores.data!.items.map((store) => (
              <StoreCard key={store.slug} store={store} onAct={(kind) => setActing({ store, kind })} />
            ))}
          </Stack>
          <Pager
            page={stores.data!.page}
            pageSize={stores.data!.pageSize}
            total={stores.data!.total}
            noun="stores"
            onChange={(page) => setFilter({ page })}
          />
        </>
      )}
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
