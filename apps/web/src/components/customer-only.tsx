import { useEffect, type ReactNode } from 'react';
import { messages } from '@pricehub/shared/messages';
import { useSession } from '../api/session';
import { notifyError } from './notify';
import { RequireRole } from './require-role';

/** The wishlist and compare list need a signed-in customer; a visitor is told 'Login First Please' (spec §8). */
export function CustomerOnly({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const signedOut = !isLoading && !user;
  useEffect(() => {
    if (signedOut) notifyError(messages.login.loginFirst);
  }, [signedOut]);
  return <RequireRole role="customer">{children}</RequireRole>;
}
