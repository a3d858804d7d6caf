import { Alert, Button, Divider, Paper, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CartView } from '@pricehub/shared/schemas/cart';
import { checkoutInput, type ShortLine } from '@pricehub/shared/schemas/checkout';
import { promoCodeShape } from '@pricehub/shared/schemas/checkout-preview';
import { ApiRequestError } from '../../../api/client';
import { notifyError } from '../../../components/notify';
import { useCheckout } from '../api/cart';
import { useCheckoutPreview } from '../api/checkout-preview';
import { useProfile } from '../api/profile';
import { fieldErrors } from '@pricehub/shared/schemas/error';
import { CheckoutTotals } from './checkout-totals';

/**
 * Promo code, shipping address (prefilled from the profile), payment choice, and the Checkout button. The totals
 * are the server's preview of this checkout, following the promo code as it is typed (once it looks like a code).
 */
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

  const [typedCode] = useDebouncedValue(promoCode.trim(), 400);
  const previewCode = promoCodeShape.test(typedCode) ? typedCode : undefined;
  const preview = useCheckoutPreview(cart, previewCode);
  // The answer about the code in the box (not an earlier one still shown while the next loads).
  const promo = previewCode && preview.data?.promo?.code === previewCode ? preview.data.promo : null;
  const limited = previewCode && preview.error instanceof ApiRequestError && preview.error.status === 429;
  const promoError =
    errors.promoCode ?? (promo && !promo.valid ? promo.message : limited ? preview.error!.message : undefined);

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
          <Stack gap={4}>
            <TextInput
              label="Promo code"
              description="A seller's code takes a discount off their items; the total below shows it."
              value={promoCode}
              onChange={(e) => {
                setPromoCode(e.currentTarget.value.toUpperCase());
                setErrors(({ promoCode: _, ...rest }) => rest);
              }}
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
          <CheckoutTotals cart={cart} preview={preview.data} updating={preview.isFetching} />
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
