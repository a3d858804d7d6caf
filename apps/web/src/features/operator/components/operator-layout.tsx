import { Group, NavLink } from '@mantine/core';
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
import { Outlet, useNavigate } from 'react-router';
import { useLogout, useSession } from '../../../api/session';
import { notifyError } from '../../../components/notify';
import { RequireRole } from '../../../components/require-role';
import { WorkspaceShell, type WorkspaceSection } from '../../../components/workspace-shell';

const sections: WorkspaceSection[] = [
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
  const { user } = useSession();
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
    <WorkspaceShell
      role="operator"
      title={
        <Group component="span" gap="xs" wrap="nowrap">
          <IconBuildingWarehouse size={22} aria-hidden />
          PriceHub Operations
        </Group>
      }
      home="/operator/dashboard"
      signedIn={user?.name}
      sections={sections}
      signOut={
        <NavLink
          component="button"
          onClick={() => void signOut()}
          label="Sign out"
          leftSection={<IconLogout size={18} aria-hidden />}
        />
      }
    >
      <Outlet />
    </WorkspaceShell>
  );
}
