import { Button, Group, Radio, Stack, Textarea } from '@mantine/core';
import { returnDecisionInput, type ReturnView } from '@pricehub/shared/schemas/return';
import { formatRs } from '@pricehub/shared/rules/money';
import { notifySuccess } from '../../../components/notify';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useDecideReturn } from '../api/returns';

/** The seller's answer to one return: accept (restock and refund) or refuse, with a reason the customer reads. */
export function ReturnDecisionForm({ entry }: { entry: ReturnView }) {
  const decide = useDecideReturn();
  const form = useSchemaForm(
    returnDecisionInput,
    { decision: '', reason: '' },
    { toInput: ({ decision, reason }) => ({ decision: decision || undefined, reason: reason || undefined }) },
  );
  const { decision } = form.values;

  const submit = form.onSubmit((input) =>
    decide.mutate(
      { id: entry.id, ...input },
      { onSuccess: (result) => notifySuccess(result.message), onError: form.reportFailure },
    ),
  );

  const refund =
    entry.order.paymentMethod === 'cashOnDel'
      ? `hand back ${formatRs(entry.order.total)} in cash`
      : `refund ${formatRs(entry.order.total)} to the customer's payment`;
  return (
    <form ref={form.ref} onSubmit={submit} aria-label={`Decide return of order ${entry.orderId}`}>
      <Stack gap="xs">
        <Radio.Group
          label="Your decision"
          name="decision"
          value={decision}
          onChange={(v) => form.setValue('decision', v)}
          error={form.errors.decision}
        >
          <Stack gap={6} mt={4}>
            <Radio value="accept" label={`Accept: put the items back in stock and ${refund}`} />
            <Radio value="refuse" label="Refuse" />
          </Stack>
        </Radio.Group>
        <Textarea
          label={decision === 'refuse' ? 'Reason for refusing' : 'Note to the customer (optional)'}
          {...form.getInputProps('reason')}
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
