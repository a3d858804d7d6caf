import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@pricehub/shared/schemas/account';
import { api, get } from './client';
import { queryKeys } from './query-keys';

/**
 * GET /api/me/data, saved as a JSON file. Read through the API client (not a plain link) so that an expired
 * session or a failure shows a message instead of an error document.
 */
export async function downloadAccountData(role: Role, now = new Date()): Promise<void> {
  const data = await get<unknown>('/me/data');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `pricehub-${role}-data-${now.toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** DELETE /api/me/account {password}; afterwards nobody is signed in and nothing of the account stays cached. */
export function useDeleteAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api<{ message: string }>('DELETE', '/me/account', { password }),
    onSuccess: () => {
      client.setQueryData(queryKeys.session, { user: null });
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.session[0] });
    },
  });
}
