import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatRs } from '@pricehub/shared/rules/money';
import type { Complaint } from '@pricehub/shared/schemas/complaint';
import { escalateInput } from '@pricehub/shared/schemas/operator-escalations';
import { notifySuccess } from '../../../components/notify';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useEscalateComplaint } from '../api/complaints';

const statusText = { open: 'With the PriceHub team', refunded: 'Refunded by PriceHub', closed: 'Closed by PriceHub' };
const statusColor = { open: 'orange', refunded: 'green', closed: 'gray' } as const;

/**
 * On the customer's complaint: once the seller has marked it Resolved, "Escalate to PriceHub" with a reason; after
 * that, where the escalation stands and the PriceHub team's answer.
 */
export function ComplaintEscalation({ complaint }: { complaint: Complaint }) {
  const [open, setOpen] = useState(false);
  const e = complaint.escalation;
  if (e) {
    return (
      <Stack gap={4}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            Escalation:
          </Text>
          <Badge color={statusColor[e.status]} variant="light">
            {statusText[e.status]}
          </Badge>
        </Group>
        {e.status !== 'open' && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {e.refundAmount !== null ? `${formatRs(e.refundAmount)} refunded to your card. ` : ''}
            {e.resolution}
          </Text>
        )}
      </Stack>
    );
  }
  if (complaint.status !== 'Resolved') return null;
  return (
    <Group justify="flex-end">
      <Button variant="light" color="orange" size="xs" onClick={() => setOpen(true)}>
        Escalate to PriceHub
      </Button>
      {open && <EscalateDialog complaint={complaint} onClose={() => setOpen(false)} />}
    </Group>
  );
}

function EscalateDialog({ complaint, onClose }: { complaint: Complaint; onClose: () => void }) {
  const escalate = useEscalateComplaint(complaint.id);
  return (
    <ReasonDialog
      title={`Escalate “${complaint.subject}”`}
      body={`${complaint.store.name} marked this complaint Resolved. If that did not resolve it, the PriceHub team will look at it, may refund you, and will write to you and the seller.`}
      label="Why is it not resolved?"
      required
      schema={escalateInput}
      button="Escalate"
      color="orange"
      pending={escalate.isPending}
      error={escalate.error}
      onClose={onClose}
      onSubmit={(input) =>
        escalate.mutate(input, {
          onSuccess: (result) => {
            notifySuccess(result.message);
            onClose();
          },
        })
      }
    />
  );
}
