import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useOutletContext } from 'react-router';
import { ComparePricesTable } from '../components/compare-prices-table';
import { PriceAlertControl } from '../components/price-alert-control';
import { PriceHistory } from '../components/price-history';

/** One panel of the comparison, titled for screen readers' landmarks. */
function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} size="h3" id={`${id}-title`} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The product page's price-comparison panel, rendered in the product hub's outlet. */
export function ProductOffersPanel() {
  const { product } = useOutletContext<{ product: { id: number; name: string } }>();
  return (
    <Stack gap="lg" mt="lg">
      <Panel id="compare-prices" title="Compare prices">
        <ComparePricesTable productId={product.id} />
      </Panel>
      <Panel id="price-history" title="Price history">
        <PriceHistory productId={product.id} />
      </Panel>
      <Panel id="price-alert" title="Price drop alert">
        <PriceAlertControl productId={product.id} />
      </Panel>
    </Stack>
  );
}
