import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  /** The section's id, an anchor for links (`#alerts`); its heading is `<id>-title` and names the section. */
  id: string;
  title: string;
  children: ReactNode;
}

/** One framed section of an account page (wishlist alerts, your data): its heading, then its content. */
export function SectionPanel({ id, title, children }: Props) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`${id}-title`} id={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={`${id}-title`}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
