import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { messages } from '@pricehub/shared/messages';
import { formatRs } from '@pricehub/shared/rules/money';
import { ApiRequestError } from '../../../api/client';
import { useSession } from '../../../api/session';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useHydrated } from '../../../hooks/use-hydrated';
import { usePriceAlerts, useRemovePriceAlert, useSetPriceAlert } from '../api/price-alerts';

/** "Price drop alert": any drop, or at most a target price in rupees. Signed-out shoppers are asked to log in. */
export function PriceAlertControl({ productId }: { productId: number }) {
  const { customer, isLoading } = useSession();
  // The server's page is everyone's: whether to ask for a sign-in is decided once the browser has the page.
  const hydrated = useHydrated();
  const alerts = usePriceAlerts(!!customer);
  const setAlert = useSetPriceAlert();
  const removeAlert = useRemovePriceAlert();
  const [target, setTarget] = useState<string | number>('');
  const [fieldError, setFieldError] = useState<string>();
  const current = alerts.data?.find((a) => a.productId === productId);

  const submit = async () => {
    if (!customer) return notifyError(messages.login.loginFirst);
    setFieldError(undefined);
    try {
      const res = await setAlert.mutateAsync({ productId, ...(target === '' ? {} : { targetPrice: target }) });
      notifySuccess(res.message);
    } catch (error) {
      const e = error as ApiRequestError;
      setFieldError(e.fields?.targetPrice ?? e.message);
      notifyError(e.message);
    }
  };
  const remove = async () => {
    try {
      notifySuccess((await removeAlert.mutateAsync(productId)).message);
    } catch (error) {
      notifyError((error as Error).message);
    }
  };

  return (
    <Stack gap="xs" data-testid="price-alert">
      {current && (
        <Alert color={current.fired ? 'green' : 'blue'} title={current.fired ? 'Price dropped!' : 'Alert set'}>
          {current.fired
            ? `We emailed you when the price fell to ${formatRs(current.lastNotifiedPrice!)}.`
            : current.targetPrice
              ? `We will email you when the price is ${formatRs(current.targetPrice)} or less.`
              : `We will email you when the price drops below ${formatRs(current.basePrice)}.`}
        </Alert>
      )}
      <Group align="flex-end" wrap="wrap">
        <NumberInput
          label="Alert me at (Rs, optional)"
          description="Leave empty for any drop"
          min={1}
          step={100}
          thousandSeparator=","
          value={target}
          onChange={setTarget}
          error={fieldError}
          w={220}
        />
        <Button onClick={submit} loading={setAlert.isPending} disabled={isLoading}>
          {current ? 'Update price drop alert' : 'Price drop alert'}
        </Button>
        {current && (
          <Button variant="subtle" color="red" onClick={remove} loading={removeAlert.isPending}>
            Remove alert
          </Button>
        )}
      </Group>
      {hydrated && !customer && !isLoading && (
        <Text size="xs" c="dimmed">
          Sign in to get an email when the price drops.
        </Text>
      )}
    </Stack>
  );
}
