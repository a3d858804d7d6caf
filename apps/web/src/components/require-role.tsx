import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../api/session';

/**
 * Shows its children only to the given role; others go to that role's sign-in page and come back after.
 * The server enforces the same rule on every API call; this only spares a useless screen.
 */
export function RequireRole({ role, children }: { role: 'customer' | 'seller' | 'operator'; children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (user?.role !== role) {
    const to = { customer: '/login', seller: '/sellerLogin', operator: '/operator/login' }[role];
    return <Navigate to={to} replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}
