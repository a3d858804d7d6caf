import { Alert, Center, Loader, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { formatRs } from '@pricehub/shared/rules/money';
import { WhenVisible } from '../../../components/when-visible';
import { usePriceHistory } from '../api/product-offers';

const PriceHistoryChart = lazy(() => import('./price-history-chart'));

/** The chart's height, kept by its placeholder too. */
const CHART_HEIGHT = 280;

const chartPlaceholder = (
  <Center h={CHART_HEIGHT}>
    <Loader size="sm" aria-label="Loading chart" />
  </Center>
);

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
      {/* Drawn in the browser when scrolled to; the placeholder keeps its height so nothing below moves. */}
      <WhenVisible placeholder={chartPlaceholder}>
        <Suspense fallback={chartPlaceholder}>
          <PriceHistoryChart history={data} height={CHART_HEIGHT} />
        </Suspense>
      </WhenVisible>
    </div>
  );
}
