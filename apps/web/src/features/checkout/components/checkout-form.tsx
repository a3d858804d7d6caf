import { Button, Divider, Paper, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CartView } from '@pricehub/shared/schemas/cart';
import { checkoutInput, type ShortLine } from '@pricehub/shared/schemas/checkout';
import { promoCodeShape } from '@pricehub/shared/schemas/checkout-preview';
import { ApiRequestError } from '../../../api/client';
import { FormAlert } from '../../../components/form-alert';
import { useCheckout } from '../api/cart';
import { useCheckoutPreview } from '../api/checkout-preview';
import { useProfile } from '../../../api/profile';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { CheckoutTotals } from './checkout-totals';

/**
 * Promo code, shipping address (prefilled from the profile), payment choice, and the Checkout button. The totals
 * are the server's preview of this checkout, following the promo code as it is typed (once it looks like a code).
 */
export function CheckoutForm({ cart, onShort }: { cart: CartView; onShort: (lines: ShortLine[]) => void }) {
  const navigate = useNavigate();
  const profile = useProfile();
  const checkout = useCheckout();
  const form = useSchemaForm(checkoutInput, {
    promoCode: '',
    shippingAddress: '',
    paymentMethod: 'cashOnDel' as 'cashOnDel' | 'online',
  });
  const { promoCode, paymentMethod } = form.values;
  const { setValue } = form;
  const [touchedAddress, setTouchedAddress] = useState(false);

  // The profile's address, until the shopper types another.
  useEffect(() => {
    if (profile.data && !touchedAddress) {
      setValue('shippingAddress', [profile.data.address, profile.data.city].filter(Boolean).join(', '));
    }
  }, [profile.data, touchedAddress, setValue]);

  const [typedCode] = useDebouncedValue(promoCode.trim(), 400);
  const previewCode = promoCodeShape.test(typedCode) ? typedCode : undefined;
  const preview = useCheckoutPreview(cart, previewCode);
  // The answer about the code in the box (not an earlier one still shown while the next loads).
  const promo = previewCode && preview.data?.promo?.code === previewCode ? preview.data.promo : null;
  const limited = previewCode && preview.error instanceof ApiRequestError && preview.error.status === 429;
  const promoError =
    form.errors.promoCode ?? (promo && !promo.valid ? promo.message : limited ? preview.error!.message : undefined);

  const submit = form.onSubmit((input) =>
    checkout.mutate(input, {
      onSuccess: (result) => {
        if (result.redirectUrl?.startsWith('http')) window.location.assign(result.redirectUrl);
        else if (result.redirectUrl) navigate(result.redirectUrl);
        else navigate(`/checkout-success?orders=${result.orders.map((o) => o.orderId).join(',')}`);
      },
      onError: (error) => {
        const short = error instanceof ApiRequestError && (error.details as { short?: ShortLine[] } | undefined)?.short;
        if (short) onShort(short);
        form.reportFailure(error);
      },
    }),
  );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="checkout-title">
      <form ref={form.ref} onSubmit={submit} noValidate aria-label="Checkout">
        <Stack>
          <Title order={2} size="h4" id="checkout-title">
            Checkout
          </Title>
          <Stack gap={4}>
            <TextInput
              label="Promo code"
              description="A seller's code takes a discount off their items; the total below shows it."
              name="promoCode"
              value={promoCode}
              onChange={(e) => setValue('promoCode', e.currentTarget.value.toUpperCase())}
              error={promoError}
              maxLength={32}
              autoComplete="off"
            />
            {promo?.valid && !promoError && (
              <Text size="sm" c="green" role="status">
                {promo.message}
              </Text>
            )}
          </Stack>
          <Textarea
            label="Shipping address"
            required
            {...form.getInputProps('shippingAddress')}
            onChange={(e) => {
              setTouchedAddress(true);
              setValue('shippingAddress', e.currentTarget.value);
            }}
            autosize
            minRows={2}
            autoComplete="street-address"
          />
          <Radio.Group
            label="Payment"
            name="paymentMethod"
            value={paymentMethod}
            onChange={(v) => setValue('paymentMethod', v as 'cashOnDel' | 'online')}
            error={form.errors.paymentMethod}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="cashOnDel" label="Cash on delivery" />
              <Radio value="online" label="Pay online by card" />
            </Stack>
          </Radio.Group>
          <Divider />
          <CheckoutTotals cart={cart} preview={preview.data} updating={preview.isFetching} />
          <FormAlert message={form.formError} />
          <Button type="submit" size="md" loading={checkout.isPending}>
            Checkout
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
