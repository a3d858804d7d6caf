import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import { usePageTitle } from '../../../components/page-title';
import { useCatalogue } from '../api/matching';
import { EmptyState, ErrorState, LoadingState } from '../components/page-states';
import { Pager } from '../components/pager';

const gb = (n: number) => (n > 0 ? `${n} GB` : '—');

/** /operator/catalogue: catalogue products by name, brand, number or GTIN, most offered first; each opens its editor. */
export function MatchingCataloguePage() {
  usePageTitle('Catalogue');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  const [words, setWords] = useState(q);
  const catalogue = useCatalogue({ q, page });

  const go = (next: { q?: string; page?: number }) => {
    const out = new URLSearchParams();
    const merged = { q, page, ...next };
    if (merged.q) out.set('q', merged.q);
    if (merged.page > 1) out.set('page', String(merged.page));
    setParams(out);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    go({ q: words.trim(), page: 1 });
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        Catalogue
      </Title>
      <Paper withBorder p="md">
        <form onSubmit={search} role="search" aria-label="Search the catalogue">
          <Group align="flex-end" wrap="wrap" gap="sm">
            <TextInput
              label="Product"
              placeholder="Name, brand, number or GTIN"
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
      </Paper>
      {catalogue.isLoading ? (
        <LoadingState label="Loading the catalogue" />
      ) : catalogue.isError ? (
        <ErrorState error={catalogue.error} onRetry={() => catalogue.refetch()} />
      ) : catalogue.data!.items.length === 0 ? (
        <EmptyState message={q ? 'No product matches this search.' : 'The catalogue is empty.'} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover aria-label="Catalogue products" aria-busy={catalogue.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">#</Table.Th>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Brand</Table.Th>
                  <Table.Th scope="col">RAM</Table.Th>
                  <Table.Th scope="col">Storage</Table.Th>
                  <Table.Th scope="col">Offers</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {catalogue.data!.items.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{p.id}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Anchor component={Link} to={`/operator/catalogue/${p.id}`}>
                        {p.name}
                      </Anchor>
                      {!p.visible && (
                        <Badge ml="xs" size="xs" color="gray" variant="light">
                          hidden
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{p.brand}</Table.Td>
                    <Table.Td>{gb(p.ram)}</Table.Td>
                    <Table.Td>{gb(p.storage)}</Table.Td>
                    <Table.Td>
                      {p.offerCount > 0 ? (
                        `${p.offerCount} from ${formatRs(p.lowestPrice)}`
                      ) : (
                        <Text span c="dimmed" inherit>
                          none
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager
            page={catalogue.data!.page}
            pageSize={catalogue.data!.pageSize}
            total={catalogue.data!.total}
            noun="products"
            onChange={(next) => go({ page: next })}
          />
        </>
      )}
    </Stack>
  );
}
