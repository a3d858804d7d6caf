import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PromoInput, SellerPromo } from '@pricehub/shared/schemas/promo';
import { del, get, post } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export const useSellerPromos = () =>
  useQuery({ queryKey: queryKeys.seller.promos, queryFn: () => get<{ promos: SellerPromo[] }>('/seller/promos') });

export function useCreatePromo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PromoInput) => post<{ message: string; promo: SellerPromo }>('/seller/promos', input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.seller.promos }),
  });
}

export function useDeletePromo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => del<{ message: string }>(`/seller/promos/${encodeURIComponent(code)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.seller.promos }),
  });
}
