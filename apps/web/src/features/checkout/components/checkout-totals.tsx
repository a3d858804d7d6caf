import { Group, Loader, Stack, Text } from '@mantine/core';
import { formatRs, SHIPPING_FEE } from '@pricehub/shared/rules/money';
import type { CartView } from '@pricehub/shared/schemas/cart';
import type { CheckoutPreview } from '@pricehub/shared/schemas/checkout-preview';
import { OrderMoney } from '../../../components/order-summary';

interface Props {
  cart: CartView;
  /** The server's price of this checkout; until it answers (or if it cannot), the cart's own sum shows. */
  preview: CheckoutPreview | undefined;
  updating: boolean;
}

/** The money before "Checkout": one block per seller (each becomes an order) with its discount, then the total. */
export function CheckoutTotals({ cart, preview, updating }: Props) {
  const stores = new Set(cart.items.map((i) => i.store.slug)).size;
  return (
    <Stack gap="xs" aria-live="polite" aria-busy={updating} data-testid="checkout-totals">
      {preview && preview.orders.length > 0 ? (
        preview.orders.map((o) => (
          <Stack key={o.store.slug} gap={2} component="section" aria-label={`Order from ${o.store.name}`}>
            <Text size="sm" fw={600}>
              {o.store.name}
            </Text>
            <OrderMoney
              align="flex-start"
              withTotal={preview.orders.length > 1}
              order={{
                subtotal: o.subtotal,
                shippingFee: o.shipping,
                discount: o.discount,
                promoCode: preview.promo?.code ?? null,
                total: o.total,
              }}
            />
          </Stack>
        ))
      ) : (
        <>
          <Group justify="space-between">
            <Text>Items</Text>
            <Text>{formatRs(cart.subtotal)}</Text>
          </Group>
          <Group justify="space-between">
            <Text>
              Shipping ({stores} seller{stores === 1 ? '' : 's'} × {formatRs(SHIPPING_FEE)})
            </Text>
            <Text>{formatRs(stores * SHIPPING_FEE)}</Text>
          </Group>
        </>
      )}
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>
          {preview && preview.orders.length > 1 ? `Total for ${preview.orders.length} orders` : 'Total to pay'}
        </Text>
        <Group gap={6} wrap="nowrap">
          {updating && <Loader size="xs" aria-label="Updating the total" />}
          <Text fw={700} data-testid="checkout-total">
            {formatRs(preview?.total ?? cart.subtotal + stores * SHIPPING_FEE)}
          </Text>
        </Group>
      </Group>
    </Stack>
  );
}
