import { Anchor, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import type { MatchingItem, MatchingProduct } from '@pricehub/shared/schemas/operator-matching';

const gb = (n: number) => (n > 0 ? `${n} GB` : '—');

interface Column {
  title: string;
  name: string;
  link?: string;
  brand: string;
  ram: number;
  storage: number;
  gtin: string | null;
  price: string;
}

const productColumn = (title: string, p: MatchingProduct): Column => ({
  title,
  name: p.name,
  link: `/result/productHub/${p.id}`,
  brand: p.brand,
  ram: p.ram,
  storage: p.storage,
  gtin: p.gtin,
  price:
    p.offerCount > 0
      ? `from ${formatRs(p.lowestPrice)} at ${p.offerCount} ${p.offerCount === 1 ? 'store' : 'stores'}`
      : 'No offers',
});

/** The offer, the product it is on and the candidate chosen, side by side; a value that differs is marked. */
export function MatchingCompareTable({ item, candidate }: { item: MatchingItem; candidate?: MatchingProduct }) {
  const columns: Column[] = [
    {
      title: item.kind === 'offers' ? 'This offer' : 'This listing',
      name: item.name,
      brand: item.brand,
      ram: item.ram,
      storage: item.storage,
      gtin: item.gtin,
      price: formatRs(item.price),
    },
    productColumn(`On product #${item.product.id}`, item.product),
    ...(candidate ? [productColumn(`Candidate #${candidate.id}`, candidate)] : []),
  ];
  const rows: { label: string; value: (c: Column) => string; compare?: boolean }[] = [
    { label: 'Brand', value: (c) => c.brand, compare: true },
    { label: 'RAM', value: (c) => gb(c.ram), compare: true },
    { label: 'Storage', value: (c) => gb(c.storage), compare: true },
    { label: 'GTIN', value: (c) => c.gtin ?? '—' },
    { label: 'Price', value: (c) => c.price },
  ];
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table withTableBorder withColumnBorders verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <VisuallyHidden>Field</VisuallyHidden>
            </Table.Th>
            {columns.map((c) => (
              <Table.Th key={c.title} scope="col">
                {c.title}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">Name</Table.Th>
            {columns.map((c) => (
              <Table.Td key={c.title} style={{ overflowWrap: 'anywhere' }}>
                {c.link ? (
                  <Anchor component={Link} to={c.link} target="_blank" inherit>
                    {c.name}
                  </Anchor>
                ) : (
                  c.name
                )}
              </Table.Td>
            ))}
          </Table.Tr>
          {rows.map((row) => {
            const first = row.value(columns[0]!).toLowerCase();
            return (
              <Table.Tr key={row.label}>
                <Table.Th scope="row">{row.label}</Table.Th>
                {columns.map((c, i) => {
                  const value = row.value(c);
                  const differs =
                    row.compare && i > 0 && value !== '—' && first !== '—' && value.toLowerCase() !== first;
                  return (
                    <Table.Td key={c.title}>
                      <Text span inherit fw={differs ? 700 : undefined} c={differs ? 'orange.8' : undefined}>
                        {value}
                      </Text>
                      {differs && <VisuallyHidden> (differs)</VisuallyHidden>}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
