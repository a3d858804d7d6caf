import { useQuery } from '@tanstack/react-query';
import type { SellerDashboard } from '@pricehub/shared/schemas/dashboard';
import { get } from '../../../api/client';

export const useSellerDashboard = () =>
  useQuery({ queryKey: ['seller', 'dashboard'], queryFn: () => get<SellerDashboard>('/seller/dashboard') });
