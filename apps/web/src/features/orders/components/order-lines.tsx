import { Anchor, Box, Divider, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import type { OrderView } from '@pricehub/shared/schemas/order';

/**
 * An order's lines as a list rather than a table, so a phone shows every column without scrolling sideways:
 * picture, name (a link to the product while it is still sold), seller, quantity and price; then the money.
 */
export function OrderLines({ order }: { order: OrderView }) {
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Items">
        {order.lines.map((line) => (
          <Group key={line.id} component="li" gap="sm" wrap="nowrap" align="flex-start">
            {line.image ? (
              <Image src={line.image} alt="" w={56} h={56} fit="contain" radius="sm" style={{ flexShrink: 0 }} />
            ) : (
              <Box w={56} h={56} style={{ flexShrink: 0, display: 'grid', placeItems: 'center' }} bg="gray.1">
                <IconPhoto size={24} aria-hidden color="var(--mantine-color-gray-5)" />
              </Box>
            )}
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              {line.catalogProductId ? (
                <Anchor component={Link} to={`/result/productHub/${line.catalogProductId}`} fw={600}>
                  {line.name}
                </Anchor>
              ) : (
                <Text fw={600}>{line.name}</Text>
              )}
              <Text size="sm" c="dimmed">
                Sold by{' '}
                <Anchor component={Link} to={`/viewstore/${order.store.slug}`} size="sm">
                  {order.store.name}
                </Anchor>
              </Text>
              <Text size="sm">
                Qty {line.quantity} × {formatRs(line.unitPrice)}
              </Text>
            </Stack>
            <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatRs(line.lineTotal)}
            </Text>
          </Group>
        ))}
      </Stack>
      <Divider />
      <Stack gap={2} align="flex-end">
        <Text size="sm">Subtotal: {formatRs(order.subtotal)}</Text>
        <Text size="sm">Shipping: {formatRs(order.shippingFee)}</Text>
        {order.discount > 0 && (
          <Text size="sm" c="green.8">
            Promo {order.promoCode}: −{formatRs(order.discount)}
          </Text>
        )}
        <Text fw={700} size="lg">
          Total: {formatRs(order.total)}
        </Text>
      </Stack>
    </Stack>
  );
}
