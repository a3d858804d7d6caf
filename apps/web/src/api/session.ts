import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@pricehub/shared/schemas/account';
import { get, post } from './client';
import { queryKeys } from './query-keys';

export const sessionQuery = () =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: () => get<{ user: SessionUser | null }>('/auth/session'),
    staleTime: 60_000,
  });

/** Who is signed in, as the server says: the browser keeps no identity of its own. */
export function useSession() {
  const query = useQuery(sessionQuery());
  const user = query.data?.user ?? null;
  return {
    user,
    isLoading: query.isLoading,
    customer: user?.role === 'customer' ? user : null,
    seller: user?.role === 'seller' ? user : null,
  };
}

/** Signs out, then forgets everything cached for the previous user. */
export function useLogout() {
  const client = useQueryClient();
  return async () => {
    await post('/auth/logout');
    client.setQueryData(queryKeys.session, { user: null });
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.session[0] });
  };
}
