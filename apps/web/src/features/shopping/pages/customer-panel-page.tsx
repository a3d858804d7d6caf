import { Anchor, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCartCount } from '../../../api/cart-summary';
import { useUnreadNotificationCount } from '../../../api/notification-count';
import { useSession } from '../../../api/session';
import { usePageTitle } from '../../../components/page-title';
import { AccountDataPanel } from '../../../components/account-data-panel';
import { RequireRole } from '../../../components/require-role';
import { useMyOrders } from '../api/orders';
import { CustomerOrderCard } from '../components/customer-order-card';
import { CustomerPasswordSection } from '../components/customer-password-section';
import { EmptyState, ErrorState, LoadingState } from '../components/page-states';
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
          <Stack component="section" aria-labelledby="orders-title" id="orders">
            <Title order={2} size="h4" id="orders-title">
              Order history
            </Title>
            {orders.isLoading ? (
              <LoadingState label="Loading your orders" />
            ) : orders.isError ? (
              <ErrorState error={orders.error} onRetry={() => orders.refetch()} />
            ) : orders.data!.length === 0 ? (
              <EmptyState title="You have no orders yet">
                <Anchor component={Link} to="/">
                  Start shopping
                </Anchor>
              </EmptyState>
            ) : (
              orders.data!.map((order) => <CustomerOrderCard key={order.orderId} order={order} />)
            )}
          </Stack>
          <AccountDataPanel role="customer" />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
