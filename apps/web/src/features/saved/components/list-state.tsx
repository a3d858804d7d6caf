import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function ListLoading({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertCircle />} title="Could not load the list">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

export function ListEmpty({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack align="center" py="xl" gap="sm">
      <Title order={2} size="h3">
        {title}
      </Title>
      <Text c="dimmed" ta="center">
        {children}
      </Text>
      <Button component={Link} to="/result">
        Browse products
      </Button>
    </Stack>
  );
}
