import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { formatMdy } from '@pricehub/shared/rules/dates';
import { formatRs } from '@pricehub/shared/rules/money';
import { returnRequestInput, type ReturnView } from '@pricehub/shared/schemas/return';
import { FormAlert } from '../../../components/form-alert';
import { notifySuccess } from '../../../components/notify';
import { useSchemaForm } from '../../../hooks/use-schema-form';
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
  const [open, setOpen] = useState(false);

  if (!completed || returns.isLoading) return null;
  if (returns.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load returns">
        {returns.error.message}
      </Alert>
    );
  }
  const data = returns.data!;

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
          <ReturnRequestForm orderId={orderId} onClose={() => setOpen(false)} />
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

/** Why the customer returns the order; the seller reads it before deciding. Closes once the request is sent. */
function ReturnRequestForm({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const request = useRequestReturn(orderId);
  const form = useSchemaForm(returnRequestInput, { reason: '' });
  const submit = form.onSubmit(({ reason }) =>
    request.mutate(reason, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        onClose();
      },
      onError: form.reportFailure,
    }),
  );
  return (
    <form ref={form.ref} onSubmit={submit} aria-label="Request a return">
      <Stack gap="xs" maw={520}>
        <Textarea
          label="Why are you returning this order?"
          description="The seller reads this before accepting or refusing the return."
          {...form.getInputProps('reason')}
          autosize
          minRows={3}
          maxLength={1000}
          data-autofocus
        />
        <FormAlert message={form.formError} />
        <Group gap="sm">
          <Button type="submit" loading={request.isPending}>
            Send return request
          </Button>
          <Button variant="default" onClick={onClose}>
            Not now
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
