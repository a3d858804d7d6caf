import { Anchor, Group, Image, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import type { OrderLineView, OrderView } from '@pricehub/shared/schemas/order';
import type { ReactNode } from 'react';

export const paymentLabel = (order: Pick<OrderView, 'paymentMethod' | 'paymentStatus'>) => {
  if (order.paymentMethod === 'cashOnDel') return 'Cash on delivery';
  const state = { paid: 'paid', pending: 'awaiting payment', expired: 'not paid', refunded: 'refunded' } as const;
  return `Online (${state[order.paymentStatus as keyof typeof state] ?? order.paymentStatus})`;
};

/** An order's lines and money: subtotal, shipping, promo, total. `lineExtra` adds per-line content (reviews). */
export function OrderSummary({
  order,
  lineExtra,
}: {
  order: OrderView;
  lineExtra?: (line: OrderLineView) => ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.lines.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    {line.image && <Image src={line.image} alt="" w={40} h={40} fit="contain" />}
                    <Stack gap={4}>
                      {line.catalogProductId ? (
                        <Anchor component={Link} to={`/result/productHub/${line.catalogProductId}`} size="sm">
                          {line.name}
                        </Anchor>
                      ) : (
                        <Text size="sm">{line.name}</Text>
                      )}
                      {lineExtra?.(line)}
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{formatRs(line.unitPrice)}</Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right">{formatRs(line.lineTotal)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <OrderMoney order={order} />
    </Stack>
  );
}

/** One order's money, as the receipt shows it and as the checkout form previews it before the order exists. */
export function OrderMoney({
  order,
  align = 'flex-end',
  withTotal = true,
}: {
  order: Pick<OrderView, 'subtotal' | 'shippingFee' | 'discount' | 'promoCode' | 'total'>;
  align?: 'flex-start' | 'flex-end';
  /** Off where the total follows anyway (a checkout of one order). */
  withTotal?: boolean;
}) {
  return (
    <Stack gap={2} align={align}>
      <Text size="sm">Subtotal: {formatRs(order.subtotal)}</Text>
      <Text size="sm">Shipping: {formatRs(order.shippingFee)}</Text>
      {order.discount > 0 && (
        <Text size="sm" c="green">
          Promo {order.promoCode}: −{formatRs(order.discount)}
        </Text>
      )}
      {withTotal && <Text fw={700}>Total: {formatRs(order.total)}</Text>}
    </Stack>
  );
}
