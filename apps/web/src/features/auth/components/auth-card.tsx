import { Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card (e.g. "No account yet? Create one"). */
  footer?: ReactNode;
}

/** The frame every sign-in, registration and reset screen shares: a narrow centred card that fits a phone. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Container size={480} px={0} py={{ base: 'md', sm: 'xl' }} w="100%">
      <Title order={1} ta="center" size="h2">
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" ta="center" size="sm" mt={6}>
          {subtitle}
        </Text>
      )}
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} mt="lg" radius="md">
        {children}
      </Paper>
      {footer && (
        <Text component="div" ta="center" size="sm" mt="md">
          {footer}
        </Text>
      )}
    </Container>
  );
}
