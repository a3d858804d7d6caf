import { Alert, Anchor, Badge, Button, Loader, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import type { ProductOffer } from '@pricehub/shared/schemas/offer';
import { useProductOffers } from '../api/product-offers';

function StockBadge({ offer }: { offer: ProductOffer }) {
  if (!offer.available) return <Badge color="gray">Unavailable</Badge>;
  return offer.inStock ? <Badge color="green">In Stock</Badge> : <Badge color="red">Out of Stock</Badge>;
}

function VisitStore({ offer }: { offer: ProductOffer }) {
  if (offer.kind === 'store') {
    return (
      <Button component={Link} to={offer.url} size="xs" variant="light">
        Visit Store
      </Button>
    );
  }
  return (
    <Button
      component="a"
      href={offer.url}
      target="_blank"
      rel="nofollow noopener"
      size="xs"
      variant="light"
      rightSection={<IconExternalLink size={14} aria-hidden />}
      aria-label={`Visit Store: ${offer.store.name} (opens in a new tab)`}
    >
      Visit Store
    </Button>
  );
}

/** "Compare prices": every store's offer for the product, cheapest first. */
export function ComparePricesTable({ productId }: { productId: number }) {
  const offers = useProductOffers(productId);
  if (offers.isLoading) return <Loader size="sm" aria-label="Loading offers" />;
  if (offers.isError) return <Alert color="red">Could not load the offers: {offers.error.message}</Alert>;
  const rows = offers.data ?? [];
  if (rows.length === 0) return <Text c="dimmed">No store offers this product yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover aria-label="Compare prices" data-testid="compare-prices">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Store</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th>Stock</Table.Th>
            <Table.Th>Rating</Table.Th>
            <Table.Th>Last checked</Table.Th>
            <Table.Th>
              <VisuallyHidden>Link</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((offer, index) => (
            <Table.Tr key={offer.id}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {offer.store.name}
                </Text>
                {offer.kind === 'external' ? (
                  <Anchor component={Link} to={`/result/productDetail/${offer.id.replace('offer-', '')}`} size="xs">
                    {offer.name}
                  </Anchor>
                ) : (
                  <Text size="xs" c="dimmed">
                    PriceHub seller
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text fw={index === 0 && offer.available && offer.inStock ? 700 : 400}>{formatRs(offer.price)}</Text>
              </Table.Td>
              <Table.Td>
                <StockBadge offer={offer} />
              </Table.Td>
              <Table.Td>{offer.ratingText}</Table.Td>
              <Table.Td>
                <time dateTime={offer.lastCheckedAt}>{dayjs(offer.lastCheckedAt).format('MM/DD/YYYY HH:mm')}</time>
              </Table.Td>
              <Table.Td>
                <VisitStore offer={offer} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
