import { Anchor, Badge, Button, Group, Image, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import type { Product } from '@pricehub/shared/schemas/product';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { useConfirmedDelete } from '../../../hooks/use-confirmed-delete';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useDeleteProduct, useSellerProducts } from '../api/catalog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';

/**
 * /seller/products: the seller's own listings with edit and delete (after a confirmation); each name opens the
 * catalogue product it is listed under, where shoppers compare it with the other stores.
 */
export function SellerProductsPage() {
  usePageTitle('My products');
  const list = useSellerProducts();
  const deleting = useConfirmedDelete(useDeleteProduct(), (product: Product) => product.id);

  return (
    <Stack>
      <PageHeader title="Products">
        <Button component={Link} to="/seller/addProduct">
          Add Product
        </Button>
      </PageHeader>
      {list.isLoading ? (
        <LoadingState label="Loading your products" />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : list.data!.items.length === 0 ? (
        <EmptyState title="You have no products yet">
          <Anchor component={Link} to="/seller/addProduct">
            Add your first product
          </Anchor>
        </EmptyState>
      ) : (
        <DataTable
          minWidth={640}
          striped
          highlightOnHover
          columns={['Product', 'Category', 'Price', 'Quantity', 'Status', 'Actions']}
        >
          {list.data!.items.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Image src={p.thumbnail || undefined} alt="" w={40} h={40} fit="contain" fallbackSrc="/favicon.svg" />
                  <div>
                    <Anchor component={Link} to={`/result/productHub/${p.productId ?? p.id}`} fw={600}>
                      {p.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {p.brand}
                    </Text>
                  </div>
                </Group>
              </Table.Td>
              <Table.Td tt="capitalize">{p.category}</Table.Td>
              <Table.Td>{formatRs(p.price)}</Table.Td>
              <Table.Td>{p.quantity}</Table.Td>
              <Table.Td>
                {p.stock === 'instock' ? (
                  <Badge color="green">In Stock</Badge>
                ) : (
                  <Badge color="red">Out of Stock</Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    component={Link}
                    to={`/seller/editProduct/${p.id}`}
                    aria-label={`Edit ${p.name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    onClick={() => deleting.ask(p)}
                    aria-label={`Delete ${p.name}`}
                  >
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <ConfirmDeleteDialog
        deleting={deleting}
        title="Delete product?"
        message={(product) => `Delete “${product.name}”? Shoppers will no longer see it.`}
      />
    </Stack>
  );
}
