import { Table, Text } from '@mantine/core';
import { discounted } from '@pricehub/shared/rules/money';
import type { SellerProductOption } from '../api/seller-products';
import { formatRsExact } from './money';
import { DataTable } from '../../../components/data-table';

/** Each chosen product's price and its price after the discount, as the seller types. */
export function SalePreviewTable({ products, percent }: { products: SellerProductOption[]; percent: number | '' }) {
  if (products.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Choose products to preview their sale prices.
      </Text>
    );
  }
  const valid = typeof percent === 'number' && percent >= 1 && percent <= 100;
  return (
    <DataTable
      minWidth={360}
      striped
      aria-label="Sale price preview"
      columns={['Product', { label: 'Price', align: 'right' }, { label: 'Sale price', align: 'right' }]}
    >
      {products.map((p) => (
        <Table.Tr key={p.id}>
          <Table.Td>{p.name}</Table.Td>
          <Table.Td ta="right">{formatRsExact(p.price)}</Table.Td>
          <Table.Td ta="right" fw={600}>
            {valid ? formatRsExact(discounted(p.price, percent)) : '—'}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
