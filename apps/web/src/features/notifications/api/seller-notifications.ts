import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationView } from '@pricehub/shared/schemas/notification';
import { del, get } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export const useNotifications = () =>
  useQuery({
    queryKey: queryKeys.seller.notifications,
    queryFn: () => get<{ notifications: NotificationView[] }>('/seller/notifications').then((r) => r.notifications),
  });

export function useDeleteNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<{ message: string }>(`/seller/notifications/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.seller.notifications }),
  });
}
