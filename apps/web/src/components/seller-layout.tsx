import { NavLink } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBell,
  IconDashboard,
  IconDiscount2,
  IconLogout,
  IconNews,
  IconPackage,
  IconReceipt,
  IconReceiptRefund,
  IconUserCircle,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { useSession } from '../api/session';
import { RequireRole } from './require-role';
import { SuspensionBanner } from './suspension-banner';
import { WorkspaceShell, type WorkspaceSection } from './workspace-shell';

const sections: WorkspaceSection[] = [
  { to: '/seller', label: 'Dashboard', icon: IconDashboard, end: true },
  { to: '/seller/products', label: 'Products', icon: IconPackage },
  { to: '/seller/orders', label: 'Orders', icon: IconReceipt },
  { to: '/seller/returns', label: 'Returns', icon: IconReceiptRefund },
  { to: '/seller/sales', label: 'Sales-Deals', icon: IconDiscount2 },
  { to: '/seller/notifications', label: 'Notifications', icon: IconBell },
  { to: '/seller/sellerProfile', label: 'Profile', icon: IconUserCircle },
  { to: '/seller/viewcomplain', label: 'Complaints', icon: IconAlertTriangle },
  { to: '/seller/blogs', label: 'Blogs', icon: IconNews },
];

/** The seller workspace: a sidebar of the spec's sections around the page; signed-out visitors go to /sellerLogin. */
export function SellerLayout({ live }: { live?: ReactNode }) {
  return (
    <RequireRole role="seller">
      <SellerShell live={live} />
    </RequireRole>
  );
}

function SellerShell({ live }: { live?: ReactNode }) {
  const { seller } = useSession();
  return (
    <>
      {live}
      <WorkspaceShell
        role="seller"
        title="PriceHub Seller"
        home="/seller"
        signedIn={seller?.store?.name}
        sections={sections}
        signOut={
          <NavLink
            component={Link}
            to="/sellerLogout"
            label="Logout"
            leftSection={<IconLogout size={18} aria-hidden />}
          />
        }
      >
        <SuspensionBanner />
        <Outlet />
      </WorkspaceShell>
    </>
  );
}
