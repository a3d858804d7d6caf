import { useMutation, useQuery } from '@tanstack/react-query';
import type { Role } from '@pricehub/shared/schemas/account';
import { get, post } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

const resetPath = (token: string) => `/auth/password-reset/${encodeURIComponent(token)}`;

/** Always answers the same message, whether or not the email belongs to an account. */
export const requestPasswordReset = (input: { email: string; role: Role }) =>
  post<{ message: string }>('/auth/password-reset', input);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

/** Checks the link before showing the form: a used, expired or unknown token answers 404. */
export const usePasswordResetCheck = (token: string) =>
  useQuery({
    queryKey: queryKeys.passwordReset(token),
    queryFn: () => get<{ role: Role }>(resetPath(token)),
    retry: false,
    staleTime: Infinity,
  });

export const useCompletePasswordReset = (token: string) =>
  useMutation({
    mutationFn: (input: { password: string; confirmPassword: string }) =>
      post<{ message: string }>(resetPath(token), input),
  });
