import { Anchor, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useCatalogue } from '../api/matching';
import { FilterBar } from '../components/filter-bar';
import { PagedList } from '../components/paged-list';
import { searchWords, useUrlFilters } from '../components/use-url-filters';

const gb = (n: number) => (n > 0 ? `${n} GB` : '—');

/** /operator/catalogue: catalogue products by name, brand, number or GTIN, most offered first; each opens its editor. */
export function MatchingCataloguePage() {
  usePageTitle('Catalogue');
  const [filter, setFilter] = useUrlFilters((params) => ({ q: params.get('q') ?? '' }));
  const catalogue = useCatalogue(filter);

  return (
    <Stack>
      <Title order={1} size="h2">
        Catalogue
      </Title>
      <FilterBar
        searchLabel="Search the catalogue"
        inputLabel="Product"
        placeholder="Name, brand, number or GTIN"
        {...searchWords(filter, setFilter)}
      />
      <PagedList
        query={catalogue}
        loadingLabel="Loading the catalogue"
        emptyMessage={filter.q ? 'No product matches this search.' : 'The catalogue is empty.'}
        noun="products"
        onPage={(page) => setFilter({ page })}
      >
        {(items) => (
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
                {items.map((p) => (
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
        )}
      </PagedList>
    </Stack>
  );
}
