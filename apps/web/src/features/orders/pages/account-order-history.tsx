import { Anchor, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useMyOrders } from '../../../api/my-orders';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';
import { CustomerOrderCard } from '../components/customer-order-card';

/** The order history section of the customer's account page (/custPanel), drawn in that page's outlet. */
export function AccountOrderHistory() {
  const orders = useMyOrders();
  return (
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
  );
}
