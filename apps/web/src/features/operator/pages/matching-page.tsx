import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { matchingReason, type MatchingReason } from '@pricehub/shared/schemas/operator-matching';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useMatchingQueue } from '../api/matching';
import { FilterBar } from '../components/filter-bar';
import { MatchingActionDialog, type MatchingDialog } from '../components/matching-action-dialog';
import { MatchingItemCard } from '../components/matching-item-card';
import { PagedCardList } from '../components/paged-list';
import { searchWords, useUrlFilters } from '../components/use-url-filters';

const reasons = [
  { value: 'all', label: 'All' },
  { value: 'name', label: 'Matched by name' },
  { value: 'near-miss', label: 'Near misses' },
];

/**
 * /operator/matching: offers matched by name rather than GTIN and near misses (same brand and model, other specs),
 * newest first; confirm, move, merge or split each one.
 */
export function MatchingPage() {
  usePageTitle('Matching');
  const [filter, setFilter] = useUrlFilters((params) => {
    const reason = params.get('reason');
    return {
      reason: matchingReason.safeParse(reason).success ? (reason as MatchingReason) : undefined,
      q: params.get('q') ?? '',
    };
  });
  const queue = useMatchingQueue(filter);
  const [dialog, setDialog] = useState<MatchingDialog | null>(null);

  return (
    <Stack>
      <div>
        <Title order={1} size="h2">
          Matching
        </Title>
        <Text c="dimmed" size="sm">
          Offers attached by name rather than barcode, and near misses. A decision holds across later refreshes.
        </Text>
      </div>
      <FilterBar
        searchLabel="Search the queue"
        inputLabel="Offer or store"
        placeholder="Words of the name, or a store"
        {...searchWords(filter, setFilter)}
        above={
          <SegmentedControl
            data={reasons}
            value={filter.reason ?? 'all'}
            onChange={(v) => setFilter({ reason: v === 'all' ? undefined : (v as MatchingReason), page: 1 })}
            aria-label="Show"
            fullWidth
            style={{ maxWidth: 520 }}
          />
        }
      />

      <PagedCardList
        query={queue}
        loadingLabel="Loading the matching queue"
        emptyMessage={filter.q || filter.reason ? 'Nothing in the queue matches this search.' : 'The queue is empty.'}
        noun="offers"
        onPage={(page) => setFilter({ page })}
        label="Matching queue"
        busy={queue.isFetching}
        card={(item) => <MatchingItemCard key={`${item.kind}-${item.id}`} item={item} onAct={setDialog} />}
      />
      {dialog && <MatchingActionDialog dialog={dialog} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
