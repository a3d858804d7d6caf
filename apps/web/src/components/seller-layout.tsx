import { AppShell, Burger, Group, NavLink, ScrollArea, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
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
import { Link, NavLink as RouterNavLink, Outlet, useLocation } from 'react-router';
import { useSession } from '../api/session';
import { RequireRole } from './require-role';
import { SuspensionBanner } from './suspension-banner';

const items = [
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
  const [opened, { toggle, close }] = useDisclosure();
  const { seller } = useSession();
  const { pathname } = useLocation();
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      {live}
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Open seller menu" />
            <Title order={1} size="h4">
              <Link to="/seller" style={{ color: 'inherit', textDecoration: 'none' }}>
                PriceHub Seller
              </Link>
            </Title>
          </Group>
          <Text size="sm" c="dimmed" truncate>
            {seller?.store?.name}
          </Text>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Seller sections">
        <ScrollArea>
          {items.map((item) => (
            <NavLink
              key={item.to}
              component={RouterNavLink}
              to={item.to}
              end={item.end}
              label={item.label}
              leftSection={<item.icon size={18} aria-hidden />}
              onClick={close}
              active={item.end ? pathname === item.to : pathname.startsWith(item.to)}
            />
          ))}
          <NavLink
            component={Link}
            to="/sellerLogout"
            label="Logout"
            leftSection={<IconLogout size={18} aria-hidden />}
          />
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <SuspensionBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
