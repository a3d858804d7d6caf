import { Paper, Stack, Title } from '@mantine/core';
import { useOutletContext } from 'react-router';
import { ComparePricesTable } from '../components/compare-prices-table';
import { PriceAlertControl } from '../components/price-alert-control';
import { PriceHistory } from '../components/price-history';

/** The product page's price-comparison panel, rendered in the product hub's outlet. */
export function ProductOffersPanel() {
  const { product } = useOutletContext<{ product: { id: number; name: string } }>();
  return (
    <Stack gap="lg" mt="lg">
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="compare-prices-title">
        <Title order={2} size="h3" id="compare-prices-title" mb="sm">
          Compare prices
        </Title>
        <ComparePricesTable productId={product.id} />
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="price-history-title">
        <Title order={2} size="h3" id="price-history-title" mb="sm">
          Price history
        </Title>
        <PriceHistory productId={product.id} />
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="price-alert-title">
        <Title order={2} size="h3" id="price-alert-title" mb="sm">
          Price drop alert
        </Title>
        <PriceAlertControl productId={product.id} />
      </Paper>
    </Stack>
  );
}
