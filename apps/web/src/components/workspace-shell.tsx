import { AppShell, Burger, Group, NavLink, ScrollArea, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';

export interface WorkspaceSection {
  to: string;
  label: string;
  icon: Icon;
  /** Active on this address only, not on the addresses below it (a workspace's home). */
  end?: boolean;
}

interface Props {
  /** Who works here, in lower case ("seller"): it names the menu and the sidebar for screen readers. */
  role: string;
  title: ReactNode;
  home: string;
  /** Who is signed in (the store's or the person's name), at the right of the header. */
  signedIn: ReactNode;
  sections: WorkspaceSection[];
  /** The last entry of the sidebar: signing out. */
  signOut: ReactNode;
  children: ReactNode;
}

/**
 * A workspace (the seller's, the operator's): a header, a sidebar of its sections that folds behind a menu button on
 * a phone, and the page.
 */
export function WorkspaceShell({ role, title, home, signedIn, sections, signOut, children }: Props) {
  const [opened, { toggle, close }] = useDisclosure();
  const { pathname } = useLocation();
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap" gap="sm">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={`Open ${role} menu`} />
            <Title order={1} size="h4">
              <Link to={home} style={{ color: 'inherit', textDecoration: 'none' }}>
                {title}
              </Link>
            </Title>
          </Group>
          <Text size="sm" c="dimmed" truncate>
            {signedIn}
          </Text>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={`${role.charAt(0).toUpperCase()}${role.slice(1)} sections`}>
        <ScrollArea>
          {sections.map((section) => (
            <NavLink
              key={section.to}
              component={RouterNavLink}
              to={section.to}
              end={section.end}
              label={section.label}
              leftSection={<section.icon size={18} aria-hidden />}
              onClick={close}
              active={section.end ? pathname === section.to : pathname.startsWith(section.to)}
            />
          ))}
          {signOut}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
