import { Alert, Group, NativeSelect, Pagination, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { messages } from '@pricehub/shared/messages';
import { usePageTitle } from '../../../components/page-title';
import { useSearch } from '../api/catalog';
import { EmptyState, ErrorState } from '../components/page-states';
import { ProductGrid, ProductGridSkeleton } from '../components/product-grid';
import { SearchFiltersPanel } from '../components/search-filters';
import {
  emptyMessage,
  parseFilters,
  toQueryString,
  withFilters,
  type SearchFilters,
  type Sort,
} from '../lib/search-params';

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

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
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
        {/* The browser's own select: the phone's native picker, and no dropdown code for the page to load. */}
        <NativeSelect
          label="Sort by"
          data={sortLabels}
          value={filters.sort}
          onChange={(e) => change({ sort: e.currentTarget.value as Sort })}
          w={220}
        />
      </Group>
      {data?.relaxed && filters.q && (
        <Alert color="yellow" role="status" title={messages.search.closest(filters.q)}>
          {data.dropped && data.dropped.length > 0 && <>Left out: {data.dropped.join(', ')}.</>}
        </Alert>
      )}
      <SearchFiltersPanel filters={filters} facets={data?.facets} onChange={change} />
      {result.isError ? (
        <ErrorState error={result.error} onRetry={() => result.refetch()} />
      ) : !data || (result.isFetching && result.isPlaceholderData) ? (
        <ProductGridSkeleton />
      ) : data.items.length === 0 ? (
        <EmptyState title={emptyMessage(filters) ?? messages.search.noResults}>
          Try another spelling, or remove a filter.
        </EmptyState>
      ) : (
        <>
          <ProductGrid products={data.items} />
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
        </>
      )}
    </Stack>
  );
}
