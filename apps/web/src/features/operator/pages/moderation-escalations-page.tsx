import { Anchor, Badge, Button, Group, NumberInput, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatRs, PAISA_PER_RUPEE } from '@pricehub/shared/rules/money';
import {
  closeEscalationInput,
  escalationMessages,
  refundEscalationInput,
  type Escalation,
} from '@pricehub/shared/schemas/operator-escalations';
import { notifySuccess } from '../../../components/notify';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useEscalationAnswer, useEscalations } from '../api/moderation-escalations';
import { ReasonDialog } from '../../../components/reason-dialog';
import { CaseCard } from '../components/case-card';
import { PagedCardList } from '../components/paged-list';
import { useUrlFilters } from '../components/use-url-filters';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));
const statusColor = { open: 'orange', refunded: 'green', closed: 'gray' } as const;

/** /operator/escalations: complaints customers escalated after their seller resolved them; refund or close each. */
export function EscalationsPage() {
  usePageTitle('Escalated complaints');
  const [filter, setFilter] = useUrlFilters(
    (params) => ({ status: params.get('status') === 'done' ? ('done' as const) : ('open' as const) }),
    { status: 'open' },
  );
  const { status, page } = filter;
  const escalations = useEscalations(status, page);
  return (
    <Stack>
      <Title order={1} size="h2">
        Escalated complaints
      </Title>
      <Tabs value={status} onChange={(v) => setFilter({ status: v === 'done' ? 'done' : 'open', page: 1 })}>
        <Tabs.List>
          <Tabs.Tab value="open">Waiting</Tabs.Tab>
          <Tabs.Tab value="done">Answered</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <PagedCardList
        query={escalations}
        loadingLabel="Loading escalations"
        emptyMessage={status === 'open' ? 'No escalated complaint is waiting.' : 'None answered yet.'}
        noun="escalations"
        onPage={(p) => setFilter({ page: p })}
        label="Escalations"
        card={(e) => <EscalationCard key={e.complaintId} escalation={e} />}
      />
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function EscalationCard({ escalation: e }: { escalation: Escalation }) {
  const [acting, setActing] = useState<'refund' | 'close' | null>(null);
  const [rupees, setRupees] = useState<number | string>(Math.floor(e.order.total / PAISA_PER_RUPEE));
  const [amountError, setAmountError] = useState<string | undefined>();
  const answer = useEscalationAnswer(e.complaintId);
  const headingId = `escalation-${e.complaintId}`;
  const close = () => {
    answer.reset();
    setAmountError(undefined);
    setActing(null);
  };
  /** What closing and refunding ask alike: a message mailed to both sides, and the answer's state. */
  const answering = {
    label: 'Message to both sides',
    required: true,
    field: 'message',
    pending: answer.isPending,
    error: answer.error,
    onClose: close,
  } as const;
  const done = (result: { message: string }) => {
    notifySuccess(result.message);
    setActing(null);
  };
  return (
    <CaseCard
      headingId={headingId}
      title={e.complaint.subject}
      badges={
        <Badge color={statusColor[e.status]} variant="light">
          {e.status}
        </Badge>
      }
      meta={
        <>
          Order {e.order.id} · {formatRs(e.order.total)} ·{' '}
          {e.order.paymentMethod === 'online' ? `card (${e.order.paymentStatus})` : 'cash on delivery'} · escalated{' '}
          {when(e.createdAt)}
        </>
      }
      actions={
        e.status === 'open' && (
          <Group gap="xs">
            <Button variant="default" onClick={() => setActing('close')}>
              Close
            </Button>
            <Button
              variant="light"
              color="green"
              onClick={() => setActing('refund')}
              disabled={!e.order.refundable}
              title={e.order.refundable ? undefined : escalationMessages.notRefundable}
            >
              Refund
            </Button>
          </Group>
        )
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm" spacing="sm">
        <Field label={`Customer: ${e.customer.name} (${e.customer.email})`}>{e.complaint.description}</Field>
        <Field label="Seller’s action">
          <Anchor component={Link} to={`/viewstore/${e.store.slug}`} inherit>
            {e.store.name}
          </Anchor>
          : {e.complaint.actionTaken || 'None given'}
        </Field>
        <Field label="Why the customer escalated">{e.reason}</Field>
        {e.status !== 'open' && (
          <Field label={`Answer${e.resolvedAt ? `, ${when(e.resolvedAt)}` : ''}`}>
            {e.refundAmount !== null ? `Refunded ${formatRs(e.refundAmount)}. ` : ''}
            {e.resolution}
          </Field>
        )}
      </SimpleGrid>
      {acting === 'close' && (
        <ReasonDialog
          {...answering}
          title={`Close the escalation about order ${e.order.id}?`}
          body="No money moves. The customer and the seller both receive your message."
          schema={closeEscalationInput}
          button="Close escalation"
          color="blue"
          onSubmit={(value) => answer.mutate({ kind: 'close', message: value.message }, { onSuccess: done })}
        />
      )}
      {acting === 'refund' && (
        <ReasonDialog
          {...answering}
          title={`Refund order ${e.order.id}?`}
          body={`The amount goes back to the customer’s card through the payment provider (order total ${formatRs(e.order.total)}). The customer and the seller both receive your message.`}
          schema={refundEscalationInput}
          button="Refund"
          color="green"
          onSubmit={(value) => {
            const amount = Number(rupees) * PAISA_PER_RUPEE;
            if (!Number.isInteger(amount) || amount < PAISA_PER_RUPEE || amount > e.order.total) {
              setAmountError(`The refund must be a whole number of rupees from Rs 1 to ${formatRs(e.order.total)}`);
              return;
            }
            answer.mutate({ kind: 'refund', message: value.message, amount }, { onSuccess: done });
          }}
        >
          <NumberInput
            label="Amount (Rs)"
            min={1}
            max={e.order.total / PAISA_PER_RUPEE}
            allowDecimal={false}
            thousandSeparator=","
            value={rupees}
            error={amountError}
            onChange={(v) => {
              setRupees(v);
              setAmountError(undefined);
            }}
          />
        </ReasonDialog>
      )}
    </CaseCard>
  );
}
