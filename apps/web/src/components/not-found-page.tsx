import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../hooks/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Stack align="center" ta="center" py={80}>
      <Title order={1}>404: page not found</Title>
      <Text c="dimmed">The page you asked for does not exist or has moved.</Text>
      <Button component={Link} to="/">
        Back to the shop
      </Button>
    </Stack>
  );
}
