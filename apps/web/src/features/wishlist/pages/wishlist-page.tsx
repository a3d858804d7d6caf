import { Anchor, Badge, Button, Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import type { WishlistItem } from '@pricehub/shared/schemas/saved';
import { usePageTitle } from '../../../hooks/use-page-title';
import { CustomerOnly } from '../../../components/customer-only';
import { useRemoveFromWishlist, useWishlist } from '../api/wishlist';
import { SavedItemsList } from '../../../components/saved-items/saved-items-list';

export function WishlistPage() {
  usePageTitle('Wishlist');
  return (
    <CustomerOnly>
      <Wishlist />
    </CustomerOnly>
  );
}

function Wishlist() {
  const wishlist = useWishlist();
  const remove = useRemoveFromWishlist();
  return (
    <SavedItemsList
      title="Wishlist"
      listName="wishlist"
      items={wishlist}
      remove={remove}
      loadingLabel="Loading your wishlist"
      empty={{
        title: 'Your Wishlist is Empty',
        hint: 'Save products and store offers with "Add to WishList" to find them here later.',
      }}
    >
      {(items, askToRemove) => (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
          {items.map((item) => (
            <WishlistCard key={item.id} item={item} onRemove={() => askToRemove(item)} />
          ))}
        </SimpleGrid>
      )}
    </SavedItemsList>
  );
}

/** Where the price is from: a product offered by several stores says how many, and which one is cheapest. */
function storeLine(item: WishlistItem): string {
  if (!item.store) return 'No store offers it right now';
  const count = item.offerCount ?? 0;
  return count > 1 ? `at ${count} stores, lowest at ${item.store}` : `at ${item.store}`;
}

function WishlistCard({ item, onRemove }: { item: WishlistItem; onRemove: () => void }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="wishlist-item">
      <Card.Section>
        <Image src={item.image || undefined} alt={item.name} h={180} fit="contain" fallbackSrc="/favicon.svg" />
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Anchor component={Link} to={item.url} fw={600} lineClamp={2}>
          {item.name}
        </Anchor>
        <Text fw={700} size="lg">
          {formatRs(item.lowestPrice ?? item.price)}
        </Text>
        <Text size="sm" c="dimmed">
          {storeLine(item)}
        </Text>
        <Group gap="xs">
          <Badge color={item.inStock ? 'green' : 'gray'} variant="light">
            {item.inStock ? 'In Stock' : 'Out of Stock'}
          </Badge>
          <Badge color="blue" variant="outline">
            {item.ratingText}
          </Badge>
          {item.kind === 'offer' && (
            <Badge color="grape" variant="light">
              Other store
            </Badge>
          )}
        </Group>
      </Stack>
      <Button
        mt="md"
        variant="light"
        color="red"
        leftSection={<IconTrash size={16} />}
        onClick={onRemove}
        aria-label={`Remove ${item.name} from wishlist`}
      >
        Remove
      </Button>
    </Card>
  );
}
