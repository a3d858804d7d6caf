import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type {
  MatchingActionResult,
  MatchingItemKind,
  MatchingProduct,
} from '@pricehub/shared/schemas/operator-matching';
import { notifySuccess } from '../../../components/notify';
import { useMatchingAction } from '../api/matching';

export type MatchingDialog =
  | { kind: 'confirm' | 'split'; item: { kind: MatchingItemKind; id: number; name: string }; product: MatchingProduct }
  | {
      kind: 'move';
      item: { kind: MatchingItemKind; id: number; name: string };
      product: MatchingProduct;
      target: MatchingProduct;
    }
  | { kind: 'merge'; products: [MatchingProduct, MatchingProduct] };

const label = (p: MatchingProduct) => `#${p.id} ${p.name}`;
const offers = (p: MatchingProduct) => `${p.offerCount} ${p.offerCount === 1 ? 'store' : 'stores'}`;

function wording(dialog: MatchingDialog, keep: MatchingProduct | undefined) {
  switch (dialog.kind) {
    case 'confirm':
      return {
        title: 'Confirm this match?',
        body: `“${dialog.item.name}” stays on ${label(dialog.product)} and leaves the queue. Later ingestions keep it there.`,
        button: 'Confirm match',
        color: 'green',
      };
    case 'split':
      return {
        title: 'Split out into a new product?',
        body: `“${dialog.item.name}” leaves ${label(dialog.product)} and becomes a catalogue product of its own, described by its own name and specs. Later ingestions keep it apart.`,
        button: 'Split out',
        color: 'orange',
      };
    case 'move':
      return {
        title: 'Move to another product?',
        body: `“${dialog.item.name}” moves from ${label(dialog.product)} to ${label(dialog.target)}. Later ingestions keep it there.`,
        button: 'Move offer',
        color: 'blue',
      };
    case 'merge': {
      const gone = dialog.products.find((p) => p !== keep);
      return {
        title: 'Merge these two products?',
        body: gone
          ? `Every listing, offer, review, price alert, saved item and view of ${label(gone)} moves to ${label(keep!)}. ${label(gone)} is deleted; its address leads to the product kept. This cannot be undone.`
          : '',
        button: 'Merge products',
        color: 'red',
      };
    }
  }
}

/** Confirms one matching action in a dialog; a merge also asks which of the two products stays. */
export function MatchingActionDialog({
  dialog,
  onClose,
  onDone,
}: {
  dialog: MatchingDialog;
  onClose: () => void;
  /** After the action succeeded (the dialog closes itself). */
  onDone?: (result: MatchingActionResult) => void;
}) {
  const action = useMatchingAction();
  // By default the product more stores offer stays (its address is the one shoppers know).
  const [keepId, setKeepId] = useState(() =>
    dialog.kind === 'merge'
      ? String([...dialog.products].sort((a, b) => b.offerCount - a.offerCount || a.id - b.id)[0]!.id)
      : '',
  );
  const keep = dialog.kind === 'merge' ? dialog.products.find((p) => String(p.id) === keepId) : undefined;
  const text = wording(dialog, keep);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request =
      dialog.kind === 'merge'
        ? { kind: 'merge' as const, keepId: keep!.id, goneId: dialog.products.find((p) => p !== keep)!.id }
        : dialog.kind === 'move'
          ? { kind: 'move' as const, item: dialog.item, productId: dialog.target.id }
          : { kind: dialog.kind, item: dialog.item };
    action.mutate(request, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        onClose();
        onDone?.(result);
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={text.title} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {dialog.kind === 'merge' && (
            <Radio.Group label="Which product stays?" value={keepId} onChange={setKeepId}>
              <Stack gap="xs" mt="xs">
                {dialog.products.map((p) => (
                  <Radio
                    key={p.id}
                    value={String(p.id)}
                    label={`Keep ${label(p)} (${offers(p)})`}
                    data-autofocus={String(p.id) === keepId ? true : undefined}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          <Text size="sm">{text.body}</Text>
          {action.isError && (
            <Alert color="red" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
              {action.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              color={text.color}
              loading={action.isPending}
              data-autofocus={dialog.kind === 'merge' ? undefined : true}
            >
              {text.button}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
