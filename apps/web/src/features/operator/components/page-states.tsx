import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function LoadingState({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

/** A failed load: the server's (or the network's) message and a way to try again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = error instanceof Error ? error.message : 'Something went wrong. Please try again.';
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" title="Could not load">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Stack align="center" py="xl" gap="sm">
      <IconInbox size={40} stroke={1.3} aria-hidden color="var(--mantine-color-dimmed)" />
      <Text c="dimmed" ta="center">
        {message}
      </Text>
      {children}
    </Stack>
  );
}
