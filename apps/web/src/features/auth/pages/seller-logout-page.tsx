import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLogout } from '../../../api/session';
import { usePageTitle } from '../../../hooks/use-page-title';
import { SellerAuthFrame } from '../components/seller-auth-frame';

/** Ends the seller's session on the server, forgets every cached answer, and lands on the seller sign-in. */
export function SellerLogoutPage() {
  usePageTitle('Signing out');
  const logout = useLogout();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const signOut = useCallback(async () => {
    setError(null);
    try {
      await logout();
      navigate('/sellerLogin', { replace: true });
    } catch (e) {
      setError((e as Error).message);
    }
  }, [logout, navigate]);

  useEffect(() => {
    // StrictMode mounts twice in development; one logout call is enough.
    if (started.current) return;
    started.current = true;
    void signOut();
  }, [signOut]);

  return (
    <SellerAuthFrame>
      <Center py={80}>
        {error ? (
          <Stack maw={420}>
            <Alert color="red" role="alert" title="Could not sign out">
              {error}
            </Alert>
            <Button onClick={() => void signOut()}>Try again</Button>
          </Stack>
        ) : (
          <Stack align="center">
            <Loader aria-hidden />
            <Text role="status">Signing you out…</Text>
          </Stack>
        )}
      </Center>
    </SellerAuthFrame>
  );
}
