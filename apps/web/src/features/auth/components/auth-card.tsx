import { Anchor, Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

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

interface AuthCardLinkProps {
  /** Who the link is for ("New to PriceHub?"). */
  question: string;
  to: string;
  /** Router state to carry along (where the visitor was going before signing in). */
  state?: unknown;
  /** Space above, for a second line. */
  mt?: number;
  children: ReactNode;
}

/** A line of an `AuthCard`'s footer: a question and the link that answers it ("No store yet? Register as a seller"). */
export function AuthCardLink({ question, to, state, mt, children }: AuthCardLinkProps) {
  return (
    <Text size="sm" mt={mt}>
      {question}{' '}
      <Anchor component={Link} to={to} state={state}>
        {children}
      </Anchor>
    </Text>
  );
}
