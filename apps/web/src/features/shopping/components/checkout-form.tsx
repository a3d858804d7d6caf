import { Alert, Button, Divider, Group, Paper, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatRs, SHIPPING_FEE } from '@pricehub/shared/rules/money';
import type { CartView } from '@pricehub/shared/schemas/cart';
import { checkoutInput, type ShortLine } from '@pricehub/shared/schemas/checkout';
import { ApiRequestError } from '../../../api/client';
import { notifyError } from '../../../components/notify';
import { useCheckout } from '../api/cart';
import { useProfile } from '../api/profile';
import { fieldErrors } from '@pricehub/shared/schemas/error';

/** Promo code, shipping address (prefilled from the profile), payment choice, and the Checkout button. */
export function CheckoutForm({ cart, onShort }: { cart: CartView; onShort: (lines: ShortLine[]) => void }) {
  const navigate = useNavigate();
  const profile = useProfile();
  const checkout = useCheckout();
  const [promoCode, setPromoCode] = useState('');
  const [address, setAddress] = useState('');
  const [touchedAddress, setTouchedAddress] = useState(false);
  const [paymentMethod, setPaymentMethod] = useState<'cashOnDel' | 'online'>('cashOnDel');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (profile.data && !touchedAddress) {
      setAddress([profile.data.address, profile.data.city].filter(Boolean).join(', '));
    }
  }, [profile.data, touchedAddress]);

  const stores = new Set(cart.items.map((i) => i.store.slug)).size;
  const total = cart.subtotal + stores * SHIPPING_FEE;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = checkoutInput.safeParse({ paymentMethod, promoCode, shippingAddress: address });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, 1));
      return;
    }
    setErrors({});
    checkout.mutate(
      { paymentMethod, promoCode: parsed.data.promoCode, shippingAddress: parsed.data.shippingAddress },
      {
        onSuccess: (result) => {
          if (result.redirectUrl?.startsWith('http')) window.location.assign(result.redirectUrl);
          else if (result.redirectUrl) navigate(result.redirectUrl);
          else navigate(`/checkout-success?orders=${result.orders.map((o) => o.orderId).join(',')}`);
        },
        onError: (error) => {
          if (error instanceof ApiRequestError) {
            setErrors(error.fields);
            const short = (error.details as { short?: ShortLine[] } | undefined)?.short;
            if (short) onShort(short);
          }
          setFormError(error.message);
          notifyError(error.message);
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="checkout-title">
      <form onSubmit={submit} noValidate aria-label="Checkout">
        <Stack>
          <Title order={2} size="h4" id="checkout-title">
            Checkout
          </Title>
          <TextInput
            label="Promo code"
            description="The seller's discount is applied to their items when you check out."
            value={promoCode}
            onChange={(e) => setPromoCode(e.currentTarget.value.toUpperCase())}
            error={errors.promoCode}
            maxLength={32}
            autoComplete="off"
          />
          <Textarea
            label="Shipping address"
            required
            value={address}
            onChange={(e) => {
              setTouchedAddress(true);
              setAddress(e.currentTarget.value);
            }}
            error={errors.shippingAddress}
            autosize
            minRows={2}
            autoComplete="street-address"
          />
          <Radio.Group
            label="Payment"
            value={paymentMethod}
            onChange={(v) => setPaymentMethod(v as 'cashOnDel' | 'online')}
            error={errors.paymentMethod}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="cashOnDel" label="Cash on delivery" />
              <Radio value="online" label="Pay online by card" />
            </Stack>
          </Radio.Group>
          <Divider />
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
          <Group justify="space-between">
            <Text fw={700}>Total</Text>
            <Text fw={700}>{formatRs(total)}</Text>
          </Group>
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Button type="submit" size="md" loading={checkout.isPending}>
            Checkout
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
