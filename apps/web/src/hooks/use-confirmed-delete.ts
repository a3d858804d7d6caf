import { useState } from 'react';
import { messages } from '@pricehub/shared/messages';
import { notifyError, notifySuccess } from '../components/notify';

/** The delete request of a list's items (a TanStack mutation fits): it answers with the server's message. */
interface DeleteMutation<K> {
  mutateAsync: (key: K) => Promise<{ message: string }>;
  isPending: boolean;
}

/**
 * Deleting one item of a list asks first: `ask(item)` opens the confirmation, `confirm()` deletes it by its key and
 * shows the server's message (the dialog stays open on a failure, with the reason as a toast); `pending` while the
 * request is on its way. `onDeleted` tidies up what showed the item (an editor holding it).
 */
export function useConfirmedDelete<T, K>(
  remove: DeleteMutation<K>,
  keyOf: (item: T) => K,
  onDeleted?: (item: T) => void,
) {
  const [asking, setAsking] = useState<T | null>(null);
  const confirm = async () => {
    if (asking === null) return;
    try {
      notifySuccess((await remove.mutateAsync(keyOf(asking))).message);
      onDeleted?.(asking);
      setAsking(null);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : messages.product.notDeleted);
    }
  };
  return { asking, ask: setAsking, cancel: () => setAsking(null), confirm, pending: remove.isPending };
}
