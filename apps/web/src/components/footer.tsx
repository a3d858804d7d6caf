import { Anchor, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const shopLinks = [
  { to: '/result?category=mobile', label: 'Mobiles' },
  { to: '/result?category=laptop', label: 'Laptops' },
  { to: '/result?category=computer', label: 'Computers' },
  { to: '/blogPosts', label: 'Blogs' },
];

/** One column of links and lines under its heading. */
function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={2} size="h5" c="white">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function Footer() {
  return (
    <footer style={{ background: 'var(--mantine-color-dark-7)', color: 'var(--mantine-color-gray-3)', marginTop: 48 }}>
      <Container size="xl" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap={6}>
            <Title order={2} size="h4" c="white">
              PriceHub
            </Title>
            <Text size="sm">
              Phones, laptops and computers from trusted sellers, with every store&apos;s price side by side. Buy here,
              or see who sells it for less.
            </Text>
          </Stack>
          <FooterColumn title="Shop">
            {shopLinks.map(({ to, label }) => (
              <Anchor key={to} component={Link} to={to} c="gray.3" size="sm">
                {label}
              </Anchor>
            ))}
          </FooterColumn>
          <FooterColumn title="Contact">
            <Text size="sm">support@pricehub.example</Text>
            <Text size="sm">+92 300 0000000</Text>
            <Anchor component={Link} to="/sellerAdd" c="gray.3" size="sm">
              Sell on PriceHub
            </Anchor>
          </FooterColumn>
        </SimpleGrid>
        <Group justify="space-between" mt="xl">
          <Text size="xs">© {new Date().getFullYear()} PriceHub. Prices in Pakistani rupees (Rs).</Text>
        </Group>
      </Container>
    </footer>
  );
}
