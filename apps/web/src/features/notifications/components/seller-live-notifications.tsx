import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messages } from '@pricehub/shared/messages';
import { notifySuccess } from '../../../components/notify';
import { queryKeys } from '../../../api/query-keys';

/**
 * Listens to the seller's live notification stream and shows the spec's toast when a new order arrives.
 * Renders nothing; the seller layout mounts it once. EventSource reconnects by itself after a drop.
 */
export function SellerLiveNotifications() {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/seller/notifications/stream', { withCredentials: true });
    const onNotification = () => {
      notifySuccess(messages.notifications.fresh);
      void client.invalidateQueries({ queryKey: queryKeys.seller.notifications });
      void client.invalidateQueries({ queryKey: queryKeys.seller.orders });
    };
    source.addEventListener('notification', onNotification);
    return () => {
      source.removeEventListener('notification', onNotification);
      source.close();
    };
  }, [client]);
  return null;
}
