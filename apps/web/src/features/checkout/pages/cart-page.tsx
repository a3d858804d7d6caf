import { Anchor, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '@pricehub/shared/messages';
import { formatRs, SHIPPING_FEE } from '@pricehub/shared/rules/money';
import type { CartLine } from '@pricehub/shared/schemas/cart';
import type { ShortLine } from '@pricehub/shared/schemas/checkout';
import { notifyError, notifySuccess } from '../../../components/notify';
import { usePageTitle } from '../../../hooks/use-page-title';
import { RequireRole } from '../../../components/require-role';
import { useCart, useRemoveLine, useSetQuantity } from '../api/cart';
import { CartLineRow } from '../components/cart-line-row';
import { CheckoutForm } from '../components/checkout-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';

export function CartPage() {
  return (
    <RequireRole role="customer">
      <Cart />
    </RequireRole>
  );
}

function Cart() {
  usePageTitle('Shopping cart');
  const cart = useCart();
  const setQuantity = useSetQuantity();
  const remove = useRemoveLine();
  const [removing, setRemoving] = useState<CartLine | null>(null);
  const [short, setShort] = useState<Map<number, number>>(new Map());

  if (cart.isLoading) return <LoadingState label="Loading your cart" />;
  if (cart.isError) return <ErrorState error={cart.error} onRetry={() => cart.refetch()} />;
  const data = cart.data!;

  if (data.items.length === 0) {
    return (
      <EmptyState title={messages.cart.empty}>
        <Button component={Link} to="/">
          Continue shopping
        </Button>
      </EmptyState>
    );
  }

  const change = (line: CartLine, quantity: number) =>
    setQuantity.mutate(
      { productId: line.productId, quantity },
      {
        onSuccess: (result) => {
          notifySuccess(result.message);
          setShort((s) => {
            const next = new Map(s);
            next.delete(line.productId);
            return next;
          });
        },
        onError: (error) => notifyError(error.message),
      },
    );

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.productId, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        setRemoving(null);
      },
      onError: (error) => notifyError(error.message),
    });
  };

  const byStore = new Map<string, CartLine[]>();
  for (const line of data.items) byStore.set(line.store.slug, [...(byStore.get(line.store.slug) ?? []), line]);

  return (
    <Stack>
      <Title order={1} size="h2">
        Shopping cart ({data.count} item{data.count === 1 ? '' : 's'})
      </Title>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            {[...byStore.entries()].map(([slug, lines]) => {
              const subtotal = lines.reduce((n, l) => n + l.lineTotal, 0);
              return (
                <Paper
                  key={slug}
                  withBorder
                  p="md"
                  radius="md"
                  component="section"
                  aria-label={`Sold by ${lines[0]!.store.name}`}
                >
                  <Stack gap="sm">
                    <Text fw={600}>
                      Sold by{' '}
                      <Anchor component={Link} to={`/viewstore/${slug}`}>
                        {lines[0]!.store.name}
                      </Anchor>
                    </Text>
                    {lines.map((line) => (
                      <CartLineRow
                        key={line.productId}
                        line={line}
                        short={short.get(line.productId)}
                        busy={setQuantity.isPending}
                        onChange={(q) => change(line, q)}
                        onRemove={() => setRemoving(line)}
                      />
                    ))}
                    <Group justify="flex-end" gap="lg">
                      <Text size="sm">Subtotal {formatRs(subtotal)}</Text>
                      <Text size="sm">Shipping {formatRs(SHIPPING_FEE)}</Text>
                      <Text size="sm" fw={700}>
                        {formatRs(subtotal + SHIPPING_FEE)}
                      </Text>
                    </Group>
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <CheckoutForm
            cart={data}
            onShort={(lines: ShortLine[]) => setShort(new Map(lines.map((l) => [l.productId, l.available])))}
          />
        </Grid.Col>
      </Grid>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove from cart?"
        message={removing ? `Remove ${removing.name} (${removing.quantity}) from your cart?` : ''}
        confirmLabel="Remove"
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
