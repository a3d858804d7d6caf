import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * The three states of anything loaded from the server, the same on every page: loading, failed (with a retry) and
 * empty. A page draws them in place of its data; the rest of the page stays as it was.
 */

/** `label` names the loader for screen readers ("Loading your orders"). */
export function LoadingState({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

/** A failed load says what went wrong (the server's or the network's message) and offers to try again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : 'Something went wrong. Please try again.';
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title="Could not load" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** Nothing to show yet: what is missing, and (as children) what one can do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack align="center" py="xl" gap="sm">
      <IconInbox size={40} stroke={1.3} aria-hidden color="var(--mantine-color-dimmed)" />
      <Text fw={600} size="lg" ta="center">
        {title}
      </Text>
      {children}
    </Stack>
  );
}
