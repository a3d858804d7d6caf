import { Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface CaseCardProps {
  /** The heading's id: it names the card for screen readers. */
  headingId: string;
  title: ReactNode;
  /** Badges beside the title (they may be `false` now and then); a card without the prop has its title alone. */
  badges?: ReactNode;
  /** The line under the title: where it comes from, when. */
  meta: ReactNode;
  /** The operator's buttons, at the right (under the title on a phone). */
  actions: ReactNode;
  /** The case itself, under its heading. */
  children: ReactNode;
}

/** One case of an operator's queue (a reported review, a blog post, an escalated complaint) as an item of a list. */
export function CaseCard({ headingId, title, badges, meta, actions, children }: CaseCardProps) {
  const heading = (
    <Title order={2} size="h5" id={headingId}>
      {title}
    </Title>
  );
  return (
    <Paper component="li" withBorder p="md" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0, flex: '1 1 260px' }}>
          {badges === undefined ? (
            heading
          ) : (
            <Group gap="xs">
              {heading}
              {badges}
            </Group>
          )}
          <Text size="xs" c="dimmed">
            {meta}
          </Text>
        </div>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
