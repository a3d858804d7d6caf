import { Button, Code, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../hooks/use-page-title';

interface AlertCopy {
  title: string;
  body: string;
  next: { to: string; label: string }[];
  /** Where the saved campaign is shown to shoppers, when it has a page of its own (a sale does). */
  publicPage?: (code: string) => string;
}

/** The success screens after saving a campaign; the code comes in the URL so the page can be reloaded. */
export function CampaignAlert({ title, body, next, publicPage }: AlertCopy) {
  usePageTitle(title);
  const [params] = useSearchParams();
  const code = params.get('code');
  return (
    <Paper withBorder p="xl" radius="md" maw={560} mx="auto" mt="lg">
      <Stack align="center" ta="center">
        <ThemeIcon color="green" size={56} radius="xl" variant="light">
          <IconCircleCheck size={34} aria-hidden />
        </ThemeIcon>
        <div role="status">
          <Title order={1} size="h3">
            {title}
          </Title>
          <Text>{body}</Text>
        </div>
        {code && (
          <Text>
            Code: <Code fz="md">{code}</Code>
          </Text>
        )}
        <Group justify="center">
          {next.map((n, i) => (
            <Button key={n.to} component={Link} to={n.to} variant={i === 0 ? 'filled' : 'light'}>
              {n.label}
            </Button>
          ))}
          {code && publicPage && (
            <Button component={Link} to={publicPage(code)} variant="subtle">
              View sale page
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
