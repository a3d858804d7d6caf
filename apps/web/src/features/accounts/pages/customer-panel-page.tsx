import { Anchor, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { useCartCount } from '../../../api/cart-summary';
import { useUnreadNotificationCount } from '../../../api/notification-count';
import { useSession } from '../../../api/session';
import { usePageTitle } from '../../../hooks/use-page-title';
import { AccountDataPanel } from '../../../components/account-data-panel';
import { RequireRole } from '../../../components/require-role';
import { useMyOrders } from '../../../api/my-orders';
import { CustomerPasswordSection } from '../components/customer-password-section';
import { ProfileForm } from '../components/profile-form';
import { WishlistAlertsSetting } from '../components/wishlist-alerts-setting';

export function CustomerPanelPage() {
  return (
    <RequireRole role="customer">
      <CustomerPanel />
    </RequireRole>
  );
}

function CustomerPanel() {
  usePageTitle('Your account');
  const { customer } = useSession();
  const orders = useMyOrders();
  const cartCount = useCartCount();
  const unreadNotifications = useUnreadNotificationCount();

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Paper withBorder p="md" radius="md" component="nav" aria-label="Your account">
          <Stack gap="xs">
            <Text fw={700}>{customer?.name}</Text>
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {customer?.email}
            </Text>
            <Group justify="space-between">
              <Anchor href="#orders">Orders</Anchor>
              <Text fw={600} aria-label="Order count">
                {orders.data?.length ?? '–'}
              </Text>
            </Group>
            <Group justify="space-between">
              <Anchor component={Link} to="/shoppingCart">
                Cart items
              </Anchor>
              <Text fw={600} aria-label="Cart item count">
                {cartCount}
              </Text>
            </Group>
            <Group justify="space-between">
              <Anchor component={Link} to="/notifications">
                Notifications
              </Anchor>
              <Text fw={600} c={unreadNotifications > 0 ? 'blue' : undefined} aria-label="Unread notification count">
                {unreadNotifications}
              </Text>
            </Group>
            <Anchor href="#profile">Edit Profile</Anchor>
            <Anchor href="#password">Change password</Anchor>
            <Anchor href="#alerts">Wishlist alerts</Anchor>
            <Anchor component={Link} to="/addReviews">
              Add reviews
            </Anchor>
            <Anchor href="#account-data">Your data</Anchor>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Stack gap="lg">
          <ProfileForm />
          <CustomerPasswordSection />
          <WishlistAlertsSetting />
          {/* The order history (features/orders), attached by the router. */}
          <Outlet />
          <AccountDataPanel role="customer" />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
