import { Button, Group, Radio, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { fieldErrors } from '@pricehub/shared/schemas/error';
import { returnDecisionInput, type ReturnView } from '@pricehub/shared/schemas/return';
import { formatRs } from '@pricehub/shared/rules/money';
import { ApiRequestError } from '../../../api/client';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useDecideReturn } from '../api/returns';

/** The seller's answer to one return: accept (restock and refund) or refuse, with a reason the customer reads. */
export function ReturnDecisionForm({ entry }: { entry: ReturnView }) {
  const decide = useDecideReturn();
  const [decision, setDecision] = useState<'accept' | 'refuse' | ''>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = returnDecisionInput.safeParse({ decision: decision || undefined, reason: reason || undefined });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, 1));
      return;
    }
    setErrors({});
    decide.mutate(
      { id: entry.id, ...parsed.data },
      {
        onSuccess: (result) => notifySuccess(result.message),
        onError: (error) => {
          if (error instanceof ApiRequestError) setErrors(error.fields);
          notifyError(error.message);
        },
      },
    );
  };

  const refund =
    entry.order.paymentMethod === 'cashOnDel'
      ? `hand back ${formatRs(entry.order.total)} in cash`
      : `refund ${formatRs(entry.order.total)} to the customer's payment`;
  return (
    <form onSubmit={submit} aria-label={`Decide return of order ${entry.orderId}`}>
      <Stack gap="xs">
        <Radio.Group
          label="Your decision"
          value={decision}
          onChange={(v) => setDecision(v as 'accept' | 'refuse')}
          error={errors.decision}
        >
          <Stack gap={6} mt={4}>
            <Radio value="accept" label={`Accept: put the items back in stock and ${refund}`} />
            <Radio value="refuse" label="Refuse" />
          </Stack>
        </Radio.Group>
        <Textarea
          label={decision === 'refuse' ? 'Reason for refusing' : 'Note to the customer (optional)'}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason}
          autosize
          minRows={2}
          maxLength={1000}
        />
        <Group>
          <Button type="submit" loading={decide.isPending} color={decision === 'refuse' ? 'red' : undefined}>
            {decision === 'refuse' ? 'Refuse return' : decision === 'accept' ? 'Accept return' : 'Send decision'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
