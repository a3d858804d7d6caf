import { AppShell, Burger, Group, NavLink, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBuildingStore,
  IconBuildingWarehouse,
  IconChartLine,
  IconFlag,
  IconGitMerge,
  IconHistory,
  IconMessageReport,
  IconPackage,
  IconLogout,
  IconWorldWww,
} from '@tabler/icons-react';
import { Link, NavLink as RouterNavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useLogout, useSession } from '../../../api/session';
import { notifyError } from '../../../components/notify';
import { RequireRole } from '../../../components/require-role';

const items = [
  { to: '/operator/dashboard', label: 'Dashboard', icon: IconChartLine },
  { to: '/operator/stores', label: 'Sellers', icon: IconBuildingStore },
  { to: '/operator/external-stores', label: 'Other stores', icon: IconWorldWww },
  { to: '/operator/moderation', label: 'Moderation', icon: IconFlag },
  { to: '/operator/escalations', label: 'Escalations', icon: IconMessageReport },
  { to: '/operator/matching', label: 'Matching', icon: IconGitMerge },
  { to: '/operator/catalogue', label: 'Catalogue', icon: IconPackage },
  { to: '/operator/audit', label: 'Audit log', icon: IconHistory },
];

/** The operator console: a sidebar of its sections around the page; anyone but an operator goes to its sign-in. */
export function OperatorLayout() {
  return (
    <RequireRole role="operator">
      <OperatorShell />
    </RequireRole>
  );
}

function OperatorShell() {
  const [opened, { toggle, close }] = useDisclosure();
  const { user } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const signOut = async () => {
    try {
      await logout();
      navigate('/operator/login', { replace: true });
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'Could not sign out');
    }
  };
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap" gap="sm">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Open operator menu" />
            <IconBuildingWarehouse size={22} aria-hidden />
            <Title order={1} size="h4">
              <Link to="/operator/dashboard" style={{ color: 'inherit', textDecoration: 'none' }}>
                PriceHub Operations
              </Link>
            </Title>
          </Group>
          <Text size="sm" c="dimmed" truncate visibleFrom="xs">
            {user?.name}
          </Text>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Operator sections">
        {items.map((item) => (
          <NavLink
            key={item.to}
            component={RouterNavLink}
            to={item.to}
            label={item.label}
            leftSection={<item.icon size={18} aria-hidden />}
            onClick={close}
            active={pathname.startsWith(item.to)}
          />
        ))}
        <NavLink
          component="button"
          onClick={() => void signOut()}
          label="Sign out"
          leftSection={<IconLogout size={18} aria-hidden />}
        />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
