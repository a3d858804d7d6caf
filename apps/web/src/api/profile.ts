import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerProfile } from '@pricehub/shared/schemas/account';
import { get, put } from './client';
import { queryKeys } from './query-keys';

export const useProfile = () =>
  useQuery({ queryKey: queryKeys.profile, queryFn: () => get<CustomerProfile>('/me/profile') });

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; phone: string; city: string; address: string }) =>
      put<{ message: string; profile: CustomerProfile }>('/me/profile', input),
    onSuccess: (result) => client.setQueryData(queryKeys.profile, result.profile),
  });
}
