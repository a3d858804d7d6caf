import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SellerProfile } from '@pricehub/shared/schemas/account';
import { get, put } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export const useSellerProfile = () =>
  useQuery({ queryKey: queryKeys.profile, queryFn: () => get<SellerProfile>('/me/profile') });

export type SellerProfileChanges = Pick<SellerProfile, 'sellerName' | 'storeName' | 'phoneNo' | 'storeStatus'>;

export function useUpdateSellerProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SellerProfileChanges) => put<{ message: string; profile: SellerProfile }>('/me/profile', input),
    onSuccess: ({ profile }) => {
      client.setQueryData(queryKeys.profile, profile);
      // The sidebar shows the store's name from the session.
      void client.invalidateQueries({ queryKey: queryKeys.session });
    },
  });
}
