import { useQuery } from '@tanstack/react-query';
import type { SellerDashboard } from '@pricehub/shared/schemas/dashboard';
import { get } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export const useSellerDashboard = () =>
  useQuery({ queryKey: queryKeys.seller.dashboard, queryFn: () => get<SellerDashboard>('/seller/dashboard') });
