import { reopenStoreInput, suspendStoreInput, type OperatorStore } from '@pricehub/shared/schemas/operator';
import { notifySuccess } from '../../../components/notify';
import { ReasonDialog } from '../../../components/reason-dialog';
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
  const action = useStoreAction(store.slug);
  const text = wording[kind];
  return (
    <ReasonDialog
      title={text.title(store.name)}
      body={text.body}
      label={text.label}
      required={kind === 'suspend'}
      schema={kind === 'suspend' ? suspendStoreInput : reopenStoreInput}
      maxLength={1000}
      button={text.button}
      color={text.color}
      pending={action.isPending}
      error={action.error}
      onClose={onClose}
      onSubmit={({ reason }) =>
        action.mutate(kind === 'suspend' ? { kind, reason: reason! } : { kind, reason }, {
          onSuccess: (result) => {
            notifySuccess(result.message);
            onClose();
          },
        })
      }
    />
  );
}
