import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SellerSuspension } from '@pricehub/shared/schemas/operator';
import { get } from './client';
import { queryKeys } from './query-keys';

export const suspensionQuery = () =>
  queryOptions({
    queryKey: queryKeys.seller.suspension,
    queryFn: () => get<SellerSuspension>('/seller/suspension'),
    staleTime: 60_000,
  });

/** Whether PriceHub's operators have suspended the signed-in seller's store, and why. */
export const useSuspension = () => useQuery(suspensionQuery());
