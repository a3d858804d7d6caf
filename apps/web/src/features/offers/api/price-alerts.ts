import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PriceAlert } from '@pricehub/shared/schemas/offer';
import { del, get, post } from '../../../api/client';

export const priceAlertsKey = ['price-alerts'] as const;

export function usePriceAlerts(enabled: boolean) {
  return useQuery({
    queryKey: priceAlertsKey,
    queryFn: () => get<{ alerts: PriceAlert[] }>('/price-alerts').then((r) => r.alerts),
    enabled,
  });
}

export function useSetPriceAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { productId: number; targetPrice?: number | string }) =>
      post<{ alert: PriceAlert; message: string }>('/price-alerts', input),
    onSuccess: () => client.invalidateQueries({ queryKey: priceAlertsKey }),
  });
}

export function useRemovePriceAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) => del<{ message: string }>(`/price-alerts/${productId}`),
    onSuccess: () => client.invalidateQueries({ queryKey: priceAlertsKey }),
  });
}
