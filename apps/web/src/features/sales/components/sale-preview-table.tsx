import { Table, Text } from '@mantine/core';
import { discounted } from '@pricehub/shared/rules/money';
import type { SellerProductOption } from '../api/seller-products';
import { formatRsExact } from './money';

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
    <Table.ScrollContainer minWidth={360}>
      <Table striped aria-label="Sale price preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Sale price</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{p.name}</Table.Td>
              <Table.Td ta="right">{formatRsExact(p.price)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {valid ? formatRsExact(discounted(p.price, percent)) : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
