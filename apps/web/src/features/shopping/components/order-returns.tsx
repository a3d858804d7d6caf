import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { formatMdy } from '@pricehub/shared/rules/dates';
import { formatRs } from '@pricehub/shared/rules/money';
import { fieldErrors } from '@pricehub/shared/schemas/error';
import { returnRequestInput, type ReturnView } from '@pricehub/shared/schemas/return';
import { ApiRequestError } from '../../../api/client';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useOrderReturns, useRequestReturn } from '../api/returns';

export const returnColor = { Requested: 'yellow', Accepted: 'green', Refused: 'red' } as const;

/** One return as the customer sees it: what they asked, and the seller's answer once there is one. */
function ReturnEntry({ entry }: { entry: ReturnView }) {
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={`Return ${entry.status}`}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>Return requested {formatMdy(entry.createdAt)}</Text>
          <Badge color={returnColor[entry.status]} variant="light">
            {entry.status}
          </Badge>
        </Group>
        <Text size="sm">Your reason: {entry.reason}</Text>
        {entry.status === 'Requested' && (
          <Text size="sm" c="dimmed">
            Waiting for {entry.order.store.name} to answer. We will mail you their decision.
          </Text>
        )}
        {entry.status === 'Accepted' && (
          <Text size="sm" c="green.8">
            Accepted{entry.decidedAt ? ` on ${formatMdy(entry.decidedAt)}` : ''}: {formatRs(entry.refundAmount ?? 0)}{' '}
            refunded{entry.order.paymentMethod === 'cashOnDel' ? ' in cash by the seller' : ' to your payment'}.
          </Text>
        )}
        {entry.decisionReason && (
          <Text size="sm">
            {entry.status === 'Refused' ? 'Refused because' : 'The seller adds'}: {entry.decisionReason}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The customer's returns of one order, and the form to ask for one while the order may still go back. */
export function OrderReturns({ orderId, completed }: { orderId: string; completed: boolean }) {
  const returns = useOrderReturns(orderId, completed);
  const request = useRequestReturn(orderId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  if (!completed || returns.isLoading) return null;
  if (returns.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load returns">
        {returns.error.message}
      </Alert>
    );
  }
  const data = returns.data!;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = returnRequestInput.safeParse({ reason });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error.issues).reason);
      return;
    }
    setError(undefined);
    request.mutate(parsed.data.reason, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        setOpen(false);
        setReason('');
      },
      onError: (e) => {
        setError(e instanceof ApiRequestError ? (e.fields.reason ?? e.message) : e.message);
        notifyError(e.message);
      },
    });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="returns-title">
      <Title order={2} size="h4" id="returns-title">
        Returns
      </Title>
      {data.returns.map((entry) => (
        <ReturnEntry key={entry.id} entry={entry} />
      ))}
      {data.canRequest ? (
        open ? (
          <form onSubmit={submit} aria-label="Request a return">
            <Stack gap="xs" maw={520}>
              <Textarea
                label="Why are you returning this order?"
                description="The seller reads this before accepting or refusing the return."
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                error={error}
                autosize
                minRows={3}
                maxLength={1000}
                data-autofocus
              />
              <Group gap="sm">
                <Button type="submit" loading={request.isPending}>
                  Send return request
                </Button>
                <Button variant="default" onClick={() => setOpen(false)}>
                  Not now
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group gap="sm" wrap="wrap">
            <Button variant="light" onClick={() => setOpen(true)}>
              Return this order
            </Button>
            {data.deadline && (
              <Text size="sm" c="dimmed">
                You can ask until {formatMdy(data.deadline)}.
              </Text>
            )}
          </Group>
        )
      ) : (
        data.message &&
        data.returns.length === 0 && (
          <Text size="sm" c="dimmed">
            {data.message}.
          </Text>
        )
      )}
    </Stack>
  );
}
