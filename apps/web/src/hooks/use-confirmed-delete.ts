import { useState } from 'react';
import { messages } from '@pricehub/shared/messages';
import { notifyError, notifySuccess } from '../components/notify';

/**
 * Deleting one item of a list asks first: `ask(item)` opens the confirmation, `confirm()` deletes it and shows the
 * server's message (the dialog stays open on a failure, with the reason as a toast).
 */
export function useConfirmedDelete<T>(remove: (item: T) => Promise<{ message: string }>) {
  const [asking, setAsking] = useState<T | null>(null);
  const confirm = async () => {
    if (asking === null) return;
    try {
      notifySuccess((await remove(asking)).message);
      setAsking(null);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : messages.product.notDeleted);
    }
  };
  return { asking, ask: setAsking, cancel: () => setAsking(null), confirm };
}
