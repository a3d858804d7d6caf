import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformDashboard } from '@pricehub/shared/schemas/operator-dashboard';
import { get } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export const platformDashboardQuery = (days: 30 | 90) =>
  queryOptions({
    queryKey: queryKeys.operator.dashboard(days),
    queryFn: () => get<PlatformDashboard>(`/operator/dashboard?days=${days}`),
    placeholderData: keepPreviousData,
    // Figures of the last days: a minute old is fresh enough, and the page is often left open.
    staleTime: 60_000,
  });

export const usePlatformDashboard = (days: 30 | 90) => useQuery(platformDashboardQuery(days));
