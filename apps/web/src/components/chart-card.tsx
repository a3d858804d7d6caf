import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A dashboard chart under its title; `empty` puts a line in place of a chart with nothing to draw. */
export function ChartCard({ title, empty = false, children }: { title: string; empty?: boolean; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {empty ? (
        <Text c="dimmed" size="sm" py="xl" ta="center">
          Nothing to show yet.
        </Text>
      ) : (
        children
      )}
    </Paper>
  );
}
