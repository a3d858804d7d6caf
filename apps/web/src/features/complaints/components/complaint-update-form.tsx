import { Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { complaintStatuses, type Complaint, type ComplaintStatus } from '@pricehub/shared/schemas/complaint';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useUpdateComplaint } from '../api/complaints';

/** The seller's answer to one complaint: its status and the action taken, both shown to the customer. */
export function ComplaintUpdateForm({ complaint }: { complaint: Complaint }) {
  const [status, setStatus] = useState<ComplaintStatus>(complaint.status);
  const [actionTaken, setActionTaken] = useState(complaint.actionTaken);
  const update = useUpdateComplaint();
  const save = async () => {
    try {
      notifySuccess((await update.mutateAsync({ id: complaint.id, status, actionTaken })).message);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'Could not update the complaint');
    }
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end" grow preventGrowOverflow={false} wrap="wrap">
        <Select
          label="Status"
          data={[...complaintStatuses]}
          value={status}
          onChange={(v) => v && setStatus(v as ComplaintStatus)}
          allowDeselect={false}
          maw={200}
        />
      </Group>
      <Textarea
        label="Action taken"
        value={actionTaken}
        onChange={(e) => setActionTaken(e.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={4000}
      />
      <Button onClick={() => void save()} loading={update.isPending} size="sm" style={{ alignSelf: 'flex-start' }}>
        Save
      </Button>
    </Stack>
  );
}
