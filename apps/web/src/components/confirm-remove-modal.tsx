import { Button, Group, Modal, Text } from '@mantine/core';

interface Props {
  /** The name of the thing about to be removed; null keeps the dialog closed. */
  name: string | null;
  listName: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Removing from the wishlist or compare list asks first (spec: confirmation, then the server's message). */
export function ConfirmRemoveModal({ name, listName, busy, onConfirm, onCancel }: Props) {
  return (
    <Modal opened={name !== null} onClose={onCancel} title={`Remove from ${listName}?`} centered>
      <Text mb="lg">
        Remove <strong>{name}</strong> from your {listName}?
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy}>
          Remove
        </Button>
      </Group>
    </Modal>
  );
}
