import { Anchor, Badge, Button, Image, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import type { CompareItem } from '@pricehub/shared/schemas/saved';
import { usePageTitle } from '../../../hooks/use-page-title';
import { CustomerOnly } from '../../../components/customer-only';
import { useCompareList, useRemoveFromCompare } from '../api/compare';
import { SavedItemsList } from '../../../components/saved-items/saved-items-list';

export function ComparePage() {
  usePageTitle('Compare');
  return (
    <CustomerOnly>
      <Compare />
    </CustomerOnly>
  );
}

const gb = (value: number) =>
  value ? (value >= 1024 && value % 1024 === 0 ? `${value / 1024}TB` : `${value}GB`) : '-';

/** The rows of the side-by-side table; each product is a column. */
const ROWS: [label: string, cell: (item: CompareItem) => ReactNode][] = [
  ['Price', (i) => <Text fw={700}>{formatRs(i.price)}</Text>],
  ['Brand', (i) => i.brand],
  ['Category', (i) => i.category.charAt(0).toUpperCase() + i.category.slice(1)],
  ['RAM', (i) => gb(i.ram)],
  ['Storage', (i) => gb(i.storage)],
  ['Rating', (i) => i.ratingText],
  ['Stores', (i) => i.storeCount],
  [
    'In stock',
    (i) => (
      <Badge color={i.inStock ? 'green' : 'gray'} variant="light">
        {i.inStock ? 'In Stock' : 'Out of Stock'}
      </Badge>
    ),
  ],
];

function Compare() {
  const list = useCompareList();
  const remove = useRemoveFromCompare();
  return (
    <SavedItemsList
      title="Compare products"
      listName="compare list"
      items={list}
      remove={remove}
      loadingLabel="Loading your compare list"
      empty={{
        title: 'Nothing to compare yet',
        hint: 'Add up to 4 products with "Add to Compare" to see them side by side.',
      }}
    >
      {(items, askToRemove) => <CompareTable items={items} onRemove={askToRemove} />}
    </SavedItemsList>
  );
}

function CompareTable({ items, onRemove }: { items: CompareItem[]; onRemove: (item: CompareItem) => void }) {
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table withTableBorder withColumnBorders verticalSpacing="sm" miw={220 + items.length * 200}>
        <Table.Caption>Up to 4 products side by side; prices are the lowest offer.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={120}>Product</Table.Th>
            {items.map((item) => (
              <Table.Th key={item.id} scope="col" data-testid="compare-column">
                <Stack gap={6} align="flex-start">
                  <Image
                    src={item.image || undefined}
                    alt={item.name}
                    h={120}
                    w="auto"
                    fit="contain"
                    fallbackSrc="/favicon.svg"
                  />
                  <Anchor component={Link} to={item.url} fw={600}>
                    {item.name}
                  </Anchor>
                  {item.store && (
                    <Text size="xs" c="dimmed">
                      at {item.store}
                    </Text>
                  )}
                </Stack>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ROWS.map(([label, cell]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              {items.map((item) => (
                <Table.Td key={item.id}>{cell(item)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">
              <Text size="sm" fw={600}>
                Remove
              </Text>
            </Table.Th>
            {items.map((item) => (
              <Table.Td key={item.id}>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => onRemove(item)}
                  aria-label={`Remove ${item.name} from compare`}
                >
                  Remove
                </Button>
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
