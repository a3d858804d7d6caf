import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { reopenStoreInput, suspendStoreInput, type OperatorStore } from '@pricehub/shared/schemas/operator';
import { notifySuccess } from '../../../components/notify';
import { useStoreAction } from '../api/stores';

interface StoreActionDialogProps {
  store: OperatorStore;
  kind: 'suspend' | 'reopen';
  onClose: () => void;
}

const wording = {
  suspend: {
    title: (name: string) => `Suspend ${name}?`,
    body: 'Its listings leave search, product pages, the home page and its store page at once, and shoppers cannot check out what they hold in their carts. Orders already placed go on: the seller can still sign in and fulfil them.',
    label: 'Reason (mailed to the seller)',
    button: 'Suspend store',
    color: 'red',
  },
  reopen: {
    title: (name: string) => `Reopen ${name}?`,
    body: 'Its listings come back at once (unless the seller had closed the store themselves). The seller is mailed.',
    label: 'Message to the seller (optional)',
    button: 'Reopen store',
    color: 'green',
  },
} as const;

/** Suspend (a reason is required, and mailed) or reopen a store, confirmed in a dialog. */
export function StoreActionDialog({ store, kind, onClose }: StoreActionDialogProps) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const action = useStoreAction(store.slug);
  const text = wording[kind];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = (kind === 'suspend' ? suspendStoreInput : reopenStoreInput).safeParse({ reason });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    action.mutate(kind === 'suspend' ? { kind, reason: parsed.data.reason! } : { kind, reason: parsed.data.reason }, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        onClose();
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={text.title(store.name)} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{text.body}</Text>
          <Textarea
            label={text.label}
            required={kind === 'suspend'}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={1000}
            value={reason}
            error={fieldError}
            data-autofocus
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setFieldError(undefined);
            }}
          />
          {action.isError && (
            <Alert color="red" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
              {action.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={text.color} loading={action.isPending}>
              {text.button}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
