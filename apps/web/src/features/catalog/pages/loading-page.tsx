import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/** The spec's /loading spinner page; with ?to=/path it moves on there once shown. */
export function LoadingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const to = params.get('to');
  useEffect(() => {
    if (to && to.startsWith('/') && !to.startsWith('//')) {
      const timer = setTimeout(() => navigate(to, { replace: true }), 300);
      return () => clearTimeout(timer);
    }
  }, [to, navigate]);
  return (
    <Center mih="50vh">
      <Stack align="center">
        <Loader size="xl" aria-label="Loading" />
        <Text c="dimmed">Loading…</Text>
      </Stack>
    </Center>
  );
}
