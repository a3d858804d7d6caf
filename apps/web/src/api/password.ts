import { useMutation } from '@tanstack/react-query';
import { put } from './client';

/** PUT /api/me/password for whoever is signed in (customer or seller); the server checks the current password. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      put<{ message: string }>('/me/password', input),
  });
