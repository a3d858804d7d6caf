import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActiveSaleSummary, PublicSaleDetail, SaleInput, SellerSale } from '@pricehub/shared/schemas/sale';
import { del, get, post, put } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export const useSellerSales = () =>
  useQuery({ queryKey: queryKeys.seller.sales, queryFn: () => get<{ sales: SellerSale[] }>('/seller/sales') });

export const useSellerSale = (code: string) =>
  useQuery({
    queryKey: queryKeys.seller.sale(code),
    queryFn: () => get<{ sale: SellerSale }>(`/seller/sales/${encodeURIComponent(code)}`),
    retry: false,
  });

type SaleReply = { message: string; sale: SellerSale };

export function useSaveSale(code?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SaleInput) =>
      code
        ? put<SaleReply>(`/seller/sales/${encodeURIComponent(code)}`, input)
        : post<SaleReply>('/seller/sales', input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.seller.sales }),
  });
}

export function useDeleteSale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => del<{ message: string }>(`/seller/sales/${encodeURIComponent(code)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.seller.sales }),
  });
}

export const useActiveSales = () =>
  useQuery({ queryKey: queryKeys.activeSales, queryFn: () => get<{ sales: ActiveSaleSummary[] }>('/sales') });

export const usePublicSale = (code: string) =>
  useQuery({
    queryKey: queryKeys.sale(code),
    queryFn: () => get<PublicSaleDetail>(`/sales/${encodeURIComponent(code)}`),
    retry: false,
  });
