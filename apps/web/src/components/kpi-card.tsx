import { Anchor, Group, Paper, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

interface Props {
  label: string;
  value: string;
  icon: Icon;
  /** The page that lists what the figure counts, when there is one. */
  to?: string;
}

/** One key figure of a dashboard: its name, its value and an icon. */
export function KpiCard({ label, value, icon: IconComponent, to }: Props) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {to ? (
              <Anchor component={Link} to={to} inherit c="dimmed">
                {label}
              </Anchor>
            ) : (
              label
            )}
          </Text>
          <Text fw={700} fz="xl">
            {value}
          </Text>
        </div>
        <IconComponent size={30} stroke={1.4} aria-hidden color="var(--mantine-color-blue-6)" />
      </Group>
    </Paper>
  );
}
