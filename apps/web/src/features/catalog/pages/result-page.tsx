import { Alert, Button, Group, NativeSelect, Pagination, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { messages } from '@pricehub/shared/messages';
import { usePageTitle } from '../../../hooks/use-page-title';
import { searchQuery, useSearch } from '../api/catalog';
import { EmptyState, ErrorState } from '../../../components/page-states';
import { priceBounds } from '../components/price-range';
import { ProductGrid, ProductGridSkeleton } from '../components/product-grid';
import { activeFilterCount, noFilters, SearchFiltersPanel } from '../components/search-filters';
import classes from '../components/search-layout.module.css';
import {
  emptyMessage,
  parseFilters,
  toQueryString,
  withFilters,
  type SearchFilters,
  type Sort,
} from '../lib/search-params';

// The drawer's code (Mantine's Drawer, focus trap, scroll lock) loads when a shopper reaches for the Filters button.
const FiltersDrawer = lazy(() => import('../components/filters-drawer').then((m) => ({ default: m.FiltersDrawer })));

const PAGE_SIZE = 24;
const sortLabels: { value: Sort; label: string }[] = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'popular', label: 'Most popular' },
  { value: 'newest', label: 'Newest' },
];

/** /result: search results with filters, sort and pages, all kept in the URL. */
export function ResultPage() {
  const [params, setParams] = useSearchParams();
  const filters = parseFilters(params);
  usePageTitle(filters.q ? `Results for "${filters.q}"` : 'All products');
  const result = useSearch(filters);
  const change = (next: Partial<SearchFilters>) => {
    setParams(new URLSearchParams(toQueryString(withFilters(filters, next))));
    window.scrollTo({ top: 0 });
  };
  const data = result.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  // The results' facets are counted within the price asked for: the slider spans the same search without it
  // (usually already in the cache from before the price was set).
  const priced = filters.minPrice !== undefined || filters.maxPrice !== undefined;
  const unpriced = useQuery({
    ...searchQuery({ ...filters, minPrice: undefined, maxPrice: undefined, page: 1 }),
    enabled: priced,
    // Only its price buckets are read: no need to ask again each time the price changes.
    staleTime: 10 * 60_000,
  });
  const buckets = (priced ? unpriced.data?.facets.price : undefined) ?? data?.facets.price ?? [];
  const bounds = priceBounds(buckets, filters);

  const activeCount = activeFilterCount(filters);
  const clear = activeCount > 0 ? () => change(noFilters) : undefined;
  const panel = <SearchFiltersPanel filters={filters} facets={data?.facets} priceBounds={bounds} onChange={change} />;

  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const wantDrawer = () => setDrawerWanted(true);
  const sortId = useId();

  return (
    <Stack gap="md">
      <div className={classes.top}>
        <div className={classes.heading}>
          <Title order={1} size="h2">
            {filters.q ? `Results for "${filters.q}"` : 'All products'}
          </Title>
          {data && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {data.total} {data.total === 1 ? 'product' : 'products'}
              {data.corrected && data.corrected !== filters.q?.toLowerCase() && (
                <> · showing results for “{data.corrected}”</>
              )}
            </Text>
          )}
        </div>
        <div className={classes.toolbar}>
          <Button
            ref={filtersButton}
            hiddenFrom="md"
            className={classes.filtersButton}
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
            aria-label={activeCount > 0 ? `Filters, ${activeCount} active` : 'Filters'}
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onPointerEnter={wantDrawer}
            onFocus={wantDrawer}
            onClick={() => {
              wantDrawer();
              setDrawerOpen(true);
            }}
          >
            Filters
            {activeCount > 0 && (
              <span className={classes.count} aria-hidden>
                ({activeCount})
              </span>
            )}
          </Button>
          {/* The browser's own select: the phone's native picker, and no dropdown code for the page to load. */}
          <div className={classes.sort}>
            <label htmlFor={sortId} className={classes.sortLabel}>
              Sort by
            </label>
            <NativeSelect
              id={sortId}
              data={sortLabels}
              value={filters.sort}
              onChange={(e) => change({ sort: e.currentTarget.value as Sort })}
              className={classes.sortSelect}
            />
          </div>
        </div>
      </div>
      {data?.relaxed && filters.q && (
        <Alert color="yellow" role="status" title={messages.search.closest(filters.q)}>
          {data.dropped && data.dropped.length > 0 && <>Left out: {data.dropped.join(', ')}.</>}
        </Alert>
      )}
      <div className={classes.layout}>
        <aside className={classes.sidebar} aria-label="Filters">
          <div className={classes.sidebarHead}>
            <Title order={2} size="h4">
              Filters
            </Title>
            {clear && (
              <UnstyledButton onClick={clear} fz="sm" c="var(--mantine-color-anchor)">
                Clear all
              </UnstyledButton>
            )}
          </div>
          {panel}
        </aside>
        <div className={classes.results}>
          {result.isError ? (
            <ErrorState error={result.error} onRetry={() => result.refetch()} />
          ) : !data || (result.isFetching && result.isPlaceholderData) ? (
            <ProductGridSkeleton />
          ) : data.items.length === 0 ? (
            <EmptyState title={emptyMessage(filters) ?? messages.search.noResults}>
              Try another spelling, or remove a filter.
            </EmptyState>
          ) : (
            <Stack gap="lg">
              <ProductGrid products={data.items} priorityImages={4} />
              {pages > 1 && (
                <Group justify="center">
                  <Pagination
                    total={Math.min(pages, 1000)}
                    value={filters.page}
                    onChange={(page) => change({ page })}
                    getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                  />
                </Group>
              )}
            </Stack>
          )}
        </div>
      </div>
      {drawerWanted && (
        <Suspense fallback={null}>
          <FiltersDrawer
            opened={drawerOpen}
            onClose={() => {
              setDrawerOpen(false);
              filtersButton.current?.focus();
            }}
            total={data?.total}
            loading={result.isFetching}
            onClear={clear}
          >
            {drawerOpen && panel}
          </FiltersDrawer>
        </Suspense>
      )}
    </Stack>
  );
}
