import { Anchor, Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A screen that stands apart from the shop (no search, no cart): the seller's and the operator's sign-in. A bar
 * names the area and leads back to the shop.
 */
export function StandaloneFrame({ area, children }: { area: string; children: ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group h={56} px="md" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" fw={800} fz="lg" underline="never" aria-label="PriceHub home">
            PriceHub{' '}
            <Text span c="dimmed" fw={500} fz="md">
              {area}
            </Text>
          </Anchor>
          <Anchor component={Link} to="/" size="sm">
            Back to the shop
          </Anchor>
        </Group>
      </Box>
      <Box component="main" id="main" px="md" style={{ flex: 1 }}>
        {children}
      </Box>
    </Box>
  );
}
