import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Complaint, ComplaintInput, ComplaintUpdate } from '@pricehub/shared/schemas/complaint';
import type { ComplaintEscalation, EscalateInput } from '@pricehub/shared/schemas/operator-escalations';
import { get, post, put } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export const useMyComplaints = () =>
  useQuery({ queryKey: queryKeys.myComplaints, queryFn: () => get<{ complaints: Complaint[] }>('/complaints') });

export function useFileComplaint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ComplaintInput) => post<{ message: string; complaint: Complaint }>('/complaints', input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.myComplaints }),
  });
}

/** The customer appeals to the PriceHub team against a complaint its seller resolved. */
export function useEscalateComplaint(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EscalateInput) =>
      post<{ message: string; escalation: ComplaintEscalation }>(`/complaints/${id}/escalate`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.myComplaints }),
  });
}

export const useStoreComplaints = () =>
  useQuery({
    queryKey: queryKeys.seller.complaints,
    queryFn: () => get<{ complaints: Complaint[] }>('/seller/complaints'),
  });

export function useUpdateComplaint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: ComplaintUpdate & { id: number }) =>
      put<{ message: string; complaint: Complaint }>(`/seller/complaints/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.seller.complaints }),
  });
}

/** The customer's orders, from the shopping area's GET /api/orders; only what the complaint form shows. */
export interface OrderOption {
  orderId: string;
  total?: number;
  status?: string;
  createdAt?: string;
}

export const useMyOrderOptions = () =>
  useQuery({
    queryKey: queryKeys.orders.options,
    queryFn: async () => (await get<{ orders: OrderOption[] }>('/orders')).orders,
  });
