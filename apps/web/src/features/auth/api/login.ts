import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, SessionUser } from '@pricehub/shared/schemas/account';
import { post } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export interface LoginResponse {
  user: SessionUser;
  message: string;
}

export const login = (input: LoginInput) => post<LoginResponse>('/auth/login', input);

/** Signs in and puts the new user in the session cache at once, so the header changes without a refetch. */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      // Whatever was cached belonged to the previous visitor (an anonymous cart count, say).
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.session[0] });
      client.setQueryData(queryKeys.session, { user });
    },
  });
}
