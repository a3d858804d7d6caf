import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useRouteError } from 'react-router';

/** Shown when a page fails to load (e.g. a lazy chunk after a deploy) instead of a blank screen. */
export function RouteError() {
  const error = useRouteError() as Error | undefined;
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center">
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed">{error?.message ?? 'This page could not be shown.'}</Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
        <Button component={Link} to="/" variant="subtle">
          Go to the home page
        </Button>
      </Stack>
    </Container>
  );
}
