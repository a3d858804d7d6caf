import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rupeesToPaisa } from '@pricehub/shared/rules/money';
import type { PriceAlert } from '@pricehub/shared/schemas/offer';
import { del, get, post } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export function usePriceAlerts(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.priceAlerts,
    queryFn: () => get<{ alerts: PriceAlert[] }>('/price-alerts').then((r) => r.alerts),
    enabled,
  });
}

/** The target as typed, in rupees; the API takes paisa. Text that is no number goes as typed, for the API to refuse. */
const targetInPaisa = (typed: number | string) => {
  const rupees = Number(typed);
  return Number.isFinite(rupees) ? rupeesToPaisa(rupees) : typed;
};

export function useSetPriceAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, targetPrice }: { productId: number; targetPrice?: number | string }) =>
      post<{ alert: PriceAlert; message: string }>('/price-alerts', {
        productId,
        ...(targetPrice === undefined ? {} : { targetPrice: targetInPaisa(targetPrice) }),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.priceAlerts }),
  });
}

export function useRemovePriceAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) => del<{ message: string }>(`/price-alerts/${productId}`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.priceAlerts }),
  });
}
