import { Anchor, Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Seller sign-in screens stand apart from the shop (no search, no cart), with a way back to it. */
export function SellerAuthFrame({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group h={56} px="md" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" fw={800} fz="lg" underline="never" aria-label="PriceHub home">
            PriceHub{' '}
            <Text span c="dimmed" fw={500} fz="md">
              Seller Center
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
