import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@pricehub/shared/schemas/operator';
import { get } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export interface AuditFilter {
  q?: string;
  action?: string;
  page?: number;
}

export const auditQuery = (filter: AuditFilter) =>
  queryOptions({
    queryKey: queryKeys.operator.audit.list(filter),
    queryFn: () => {
      const params = new URLSearchParams();
      if (filter.q) params.set('q', filter.q);
      if (filter.action) params.set('action', filter.action);
      if (filter.page && filter.page > 1) params.set('page', String(filter.page));
      const text = params.toString();
      return get<AuditPage>(`/operator/audit${text ? `?${text}` : ''}`);
    },
    placeholderData: keepPreviousData,
  });

export const useAudit = (filter: AuditFilter) => useQuery(auditQuery(filter));
