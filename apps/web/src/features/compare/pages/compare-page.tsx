import { Anchor, Badge, Button, Image, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import type { CompareItem } from '@pricehub/shared/schemas/saved';
import { ApiRequestError } from '../../../api/client';
import { notifyError, notifySuccess } from '../../../components/notify';
import { usePageTitle } from '../../../hooks/use-page-title';
import { CustomerOnly } from '../../../components/customer-only';
import { useCompareList, useRemoveFromCompare } from '../api/compare';
import { ConfirmRemoveModal } from '../../../components/confirm-remove-modal';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';

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
  const [removing, setRemoving] = useState<CompareItem | null>(null);

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: (res) => notifySuccess(res.message),
      onError: (error) => notifyError(error instanceof ApiRequestError ? error.message : String(error)),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <Stack gap="md">
      <Title order={1}>Compare products</Title>
      {list.isPending ? (
        <LoadingState label="Loading your compare list" />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title="Nothing to compare yet">
          <Text c="dimmed" ta="center">
            Add up to 4 products with "Add to Compare" to see them side by side.
          </Text>
          <Button component={Link} to="/result">
            Browse products
          </Button>
        </EmptyState>
      ) : (
        <ScrollArea type="auto" offsetScrollbars>
          <Table withTableBorder withColumnBorders verticalSpacing="sm" miw={220 + list.data.length * 200}>
            <Table.Caption>Up to 4 products side by side; prices are the lowest offer.</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={120}>Product</Table.Th>
                {list.data.map((item) => (
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
                  {list.data.map((item) => (
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
                {list.data.map((item) => (
                  <Table.Td key={item.id}>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => setRemoving(item)}
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
      )}
      <ConfirmRemoveModal
        name={removing?.name ?? null}
        listName="compare list"
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
