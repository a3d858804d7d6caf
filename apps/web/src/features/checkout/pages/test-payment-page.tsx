import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { checkoutMessages } from '@pricehub/shared/schemas/checkout';
import { formatRs } from '@pricehub/shared/rules/money';
import { notifyError, notifySuccess } from '../../../components/notify';
import { usePageTitle } from '../../../hooks/use-page-title';
import { RequireRole } from '../../../components/require-role';
import { usePayment, useTestGateway } from '../api/payments';
import { ErrorState, LoadingState } from '../../../components/page-states';

export function TestPaymentPage() {
  return (
    <RequireRole role="customer">
      <TestPayment />
    </RequireRole>
  );
}

/** The built-in gateway used when no Stripe key is set: it says plainly that no money moves. */
function TestPayment() {
  usePageTitle('Test payment');
  const { paymentId = '' } = useParams();
  const navigate = useNavigate();
  const payment = usePayment(paymentId);
  const gateway = useTestGateway(paymentId);

  if (payment.isLoading) return <LoadingState label="Loading the payment" />;
  if (payment.isError) return <ErrorState error={payment.error} onRetry={() => payment.refetch()} />;
  const data = payment.data!;

  const act = (action: 'pay' | 'cancel') =>
    gateway.mutate(action, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        navigate(action === 'pay' ? `/checkout-success?payment=${paymentId}` : '/shoppingCart');
      },
      onError: (error) => notifyError(error.message),
    });

  return (
    <Paper withBorder p="xl" radius="md" maw={520} mx="auto" mt="xl">
      <Stack>
        <Title order={1} size="h3">
          PriceHub test gateway
        </Title>
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} title={checkoutMessages.testGatewayNotice}>
          This shop runs without a card processor. Pay marks the orders paid; no card is charged.
        </Alert>
        <Text>
          Amount: <strong>{formatRs(data.amount)}</strong>
        </Text>
        <Text size="sm">Orders: {data.orderIds.join(', ')}</Text>
        {data.status !== 'pending' ? (
          <Alert color={data.status === 'paid' ? 'green' : 'red'}>
            {data.status === 'paid' ? 'This payment is paid.' : checkoutMessages.paymentClosed}
          </Alert>
        ) : (
          <Group>
            <Button onClick={() => act('pay')} loading={gateway.isPending && gateway.variables === 'pay'}>
              Pay
            </Button>
            <Button
              variant="default"
              onClick={() => act('cancel')}
              loading={gateway.isPending && gateway.variables === 'cancel'}
            >
              Cancel
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
