import { Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { matchingReason, type MatchingReason } from '@pricehub/shared/schemas/operator-matching';
import { usePageTitle } from '../../../components/page-title';
import { useMatchingQueue, type MatchingFilter } from '../api/matching';
import { MatchingActionDialog, type MatchingDialog } from '../components/matching-action-dialog';
import { MatchingItemCard } from '../components/matching-item-card';
import { EmptyState, ErrorState, LoadingState } from '../components/page-states';
import { Pager } from '../components/pager';

const reasons = [
  { value: 'all', label: 'All' },
  { value: 'name', label: 'Matched by name' },
  { value: 'near-miss', label: 'Near misses' },
];

/** The filter lives in the address, so a view of the queue can be bookmarked and shared. */
function useFilter(): [MatchingFilter, (next: MatchingFilter) => void] {
  const [params, setParams] = useSearchParams();
  const reason = params.get('reason');
  const page = Number(params.get('page'));
  const filter: MatchingFilter = {
    reason: matchingReason.safeParse(reason).success ? (reason as MatchingReason) : undefined,
    q: params.get('q') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
  const update = (next: MatchingFilter) => {
    const merged = { ...filter, ...next };
    const out = new URLSearchParams();
    if (merged.reason) out.set('reason', merged.reason);
    if (merged.q) out.set('q', merged.q);
    if (merged.page && merged.page > 1) out.set('page', String(merged.page));
    setParams(out);
  };
  return [filter, update];
}

/**
 * /operator/matching: offers matched by name rather than GTIN and near misses (same brand and model, other specs),
 * newest first; confirm, move, merge or split each one.
 */
export function MatchingPage() {
  usePageTitle('Matching');
  const [filter, setFilter] = useFilter();
  const [words, setWords] = useState(filter.q ?? '');
  const queue = useMatchingQueue(filter);
  const [dialog, setDialog] = useState<MatchingDialog | null>(null);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ q: words.trim(), page: 1 });
  };

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
      <Paper withBorder p="md">
        <Stack gap="sm">
          <SegmentedControl
            data={reasons}
            value={filter.reason ?? 'all'}
            onChange={(v) => setFilter({ reason: v === 'all' ? undefined : (v as MatchingReason), page: 1 })}
            aria-label="Show"
            fullWidth
            style={{ maxWidth: 520 }}
          />
          <form onSubmit={search} role="search" aria-label="Search the queue">
            <Group align="flex-end" wrap="wrap" gap="sm">
              <TextInput
                label="Offer or store"
                placeholder="Words of the name, or a store"
                value={words}
                onChange={(e) => setWords(e.currentTarget.value)}
                style={{ flex: '1 1 220px' }}
                maxLength={100}
              />
              <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
                Search
              </Button>
            </Group>
          </form>
        </Stack>
      </Paper>

      {queue.isLoading ? (
        <LoadingState label="Loading the matching queue" />
      ) : queue.isError ? (
        <ErrorState error={queue.error} onRetry={() => queue.refetch()} />
      ) : queue.data!.items.length === 0 ? (
        <EmptyState
          message={filter.q || filter.reason ? 'Nothing in the queue matches this search.' : 'The queue is empty.'}
        />
      ) : (
        <>
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Matching queue"
            aria-busy={queue.isFetching}
          >
            {queue.data!.items.map((item) => (
              <MatchingItemCard key={`${item.kind}-${item.id}`} item={item} onAct={setDialog} />
            ))}
          </Stack>
          <Pager
            page={queue.data!.page}
            pageSize={queue.data!.pageSize}
            total={queue.data!.total}
            noun="offers"
            onChange={(page) => setFilter({ page })}
          />
        </>
      )}
      {dialog && <MatchingActionDialog dialog={dialog} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
