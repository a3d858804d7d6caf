import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  /** One line under the title on what the page is for. */
  description?: string;
  /** What acts on the whole page (add, a filter, a period), at the right; it wraps under the title on a phone. */
  children?: ReactNode;
}

/** A page's heading. */
export function PageHeader({ title, description, children }: Props) {
  const heading = (
    <Title order={1} size="h2">
      {title}
    </Title>
  );
  return (
    <Group justify="space-between">
      {description ? (
        <div>
          {heading}
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
      ) : (
        heading
      )}
      {children}
    </Group>
  );
}
