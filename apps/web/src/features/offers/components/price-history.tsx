import { Alert, Loader, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { formatRs } from '@pricehub/shared/rules/money';
import { usePriceHistory } from '../api/product-offers';

const PriceHistoryChart = lazy(() => import('./price-history-chart'));

export function PriceHistory({ productId }: { productId: number }) {
  const history = usePriceHistory(productId);
  if (history.isLoading) return <Loader size="sm" aria-label="Loading price history" />;
  if (history.isError) return <Alert color="red">Could not load the price history: {history.error.message}</Alert>;
  const data = history.data!;
  if (data.lowest.length === 0) return <Text c="dimmed">No price history yet.</Text>;
  const lowest = Math.min(...data.lowest.map((p) => p.price));
  return (
    <div data-testid="price-history">
      <Text size="sm" c="dimmed" mb="xs">
        Lowest price seen: {formatRs(lowest)}
      </Text>
      <Suspense fallback={<Loader size="sm" aria-label="Loading chart" />}>
        <PriceHistoryChart history={data} />
      </Suspense>
    </div>
  );
}
