import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, SessionUser } from '@pricehub/shared/schemas/account';
import { post } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export interface LoginResponse {
  user: SessionUser;
  message: string;
}

/** POST /api/auth/login with role "operator"; the new session replaces whatever the cache held. */
export function useOperatorLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<LoginInput, 'role'>) => post<LoginResponse>('/auth/login', { ...input, role: 'operator' }),
    onSuccess: ({ user }) => {
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.session[0] });
      client.setQueryData(queryKeys.session, { user });
    },
  });
}
