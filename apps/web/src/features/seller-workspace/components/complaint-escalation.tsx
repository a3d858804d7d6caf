import { Alert, Badge, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { formatRs } from '@pricehub/shared/rules/money';
import type { Complaint } from '@pricehub/shared/schemas/complaint';
import { escalateInput } from '@pricehub/shared/schemas/operator-escalations';
import { notifySuccess } from '../../../components/notify';
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
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const escalate = useEscalateComplaint(complaint.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = escalateInput.safeParse({ reason });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    escalate.mutate(parsed.data, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        onClose();
      },
    });
  };
  return (
    <Modal opened onClose={onClose} title={`Escalate “${complaint.subject}”`} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            {complaint.store.name} marked this complaint Resolved. If that did not resolve it, the PriceHub team will
            look at it, may refund you, and will write to you and the seller.
          </Text>
          <Textarea
            label="Why is it not resolved?"
            required
            autosize
            minRows={3}
            maxRows={8}
            maxLength={2000}
            value={reason}
            error={fieldError}
            data-autofocus
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setFieldError(undefined);
            }}
          />
          {escalate.isError && (
            <Alert color="red" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
              {escalate.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="orange" loading={escalate.isPending}>
              Escalate
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
