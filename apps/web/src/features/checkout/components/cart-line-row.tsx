import { ActionIcon, Anchor, Badge, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import type { CartLine } from '@pricehub/shared/schemas/cart';

/**
 * One cart line, one seller's listing: its name opens the catalogue product (every store's price), then the seller,
 * price (sale price with the list price struck through), − qty +, remove.
 */
export function CartLineRow({
  line,
  short,
  busy,
  onChange,
  onRemove,
}: {
  line: CartLine;
  /** Units still available when checkout found this line short. */
  short?: number;
  busy: boolean;
  onChange: (quantity: number) => void;
  onRemove: () => void;
}) {
  const atStock = line.quantity >= line.stock;
  return (
    <Paper withBorder p="sm" radius="md" bg={short !== undefined ? 'red.0' : undefined}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Image src={line.image || undefined} alt="" w={72} h={72} fit="contain" fallbackSrc="/favicon.svg" />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Anchor component={Link} to={`/result/productHub/${line.catalogProductId}`} fw={600} lineClamp={2}>
            {line.name}
          </Anchor>
          <Text size="sm" c="dimmed">
            {line.brand} · Seller:{' '}
            <Anchor component={Link} to={`/viewstore/${line.store.slug}`} inherit>
              {line.store.name}
            </Anchor>
          </Text>
          <Group gap="xs">
            <Text fw={600}>{formatRs(line.unitPrice)}</Text>
            {line.sale && (
              <>
                <Text size="sm" c="dimmed" td="line-through">
                  {formatRs(line.price)}
                </Text>
                <Badge color="red" variant="light" size="sm">
                  −{line.sale.percent}%
                </Badge>
              </>
            )}
          </Group>
          {line.stock === 0 ? (
            <Text size="sm" c="red">
              No longer available
            </Text>
          ) : (
            short !== undefined && (
              <Text size="sm" c="red" role="status">
                Only {short} left in stock: lower the quantity to check out
              </Text>
            )
          )}
        </Stack>
        <Stack gap="xs" align="flex-end">
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              aria-label={`Decrease quantity of ${line.name}`}
              onClick={() => onChange(line.quantity - 1)}
              disabled={busy}
            >
              <IconMinus size={16} />
            </ActionIcon>
            <Text w={32} ta="center" aria-label={`Quantity of ${line.name}`}>
              {line.quantity}
            </Text>
            <ActionIcon
              variant="default"
              aria-label={`Increase quantity of ${line.name}`}
              onClick={() => onChange(line.quantity + 1)}
              disabled={busy || atStock}
              title={atStock ? 'No more units in stock' : undefined}
            >
              <IconPlus size={16} />
            </ActionIcon>
          </Group>
          <Text fw={600}>{formatRs(line.lineTotal)}</Text>
          <ActionIcon color="red" variant="subtle" aria-label={`Remove ${line.name} from cart`} onClick={onRemove}>
            <IconTrash size={18} />
          </ActionIcon>
        </Stack>
      </Group>
    </Paper>
  );
}
