import { ConfirmDialog } from './confirm-dialog';

interface Props<T> {
  /** What `useConfirmedDelete` returns: the item asked about, if any, and its answers. */
  deleting: { asking: T | null; confirm: () => Promise<void>; cancel: () => void; pending: boolean };
  title: string;
  /** What deleting this item does, in the spec's words ("Delete “Diwali deals”? Its products go back…"). */
  message: (item: T) => string;
}

/** The question before deleting one item of a seller's list: Delete or Cancel. */
export function ConfirmDeleteDialog<T>({ deleting, title, message }: Props<T>) {
  return (
    <ConfirmDialog
      opened={deleting.asking !== null}
      title={title}
      message={deleting.asking === null ? '' : message(deleting.asking)}
      confirmLabel="Delete"
      cancelLabel="Cancel"
      loading={deleting.pending}
      onConfirm={() => void deleting.confirm()}
      onClose={deleting.cancel}
    />
  );
}
