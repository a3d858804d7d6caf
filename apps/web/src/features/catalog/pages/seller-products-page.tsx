import { Anchor, Badge, Button, Group, Image, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '@pricehub/shared/messages';
import { formatRs } from '@pricehub/shared/rules/money';
import type { Product } from '@pricehub/shared/schemas/product';
import { notifyError, notifySuccess } from '../../../components/notify';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useDeleteProduct, useSellerProducts } from '../api/catalog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';

/**
 * /seller/products: the seller's own listings with edit and delete (after a confirmation); each name opens the
 * catalogue product it is listed under, where shoppers compare it with the other stores.
 */
export function SellerProductsPage() {
  usePageTitle('My products');
  const list = useSellerProducts();
  const remove = useDeleteProduct();
  const [deleting, setDeleting] = useState<Product | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notifySuccess(messages.product.deleted);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : messages.product.notDeleted);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Products
        </Title>
        <Button component={Link} to="/seller/addProduct">
          Add Product
        </Button>
      </Group>
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
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th>Quantity</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data!.items.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Image
                        src={p.thumbnail || undefined}
                        alt=""
                        w={40}
                        h={40}
                        fit="contain"
                        fallbackSrc="/favicon.svg"
                      />
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
                        onClick={() => setDeleting(p)}
                        aria-label={`Delete ${p.name}`}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete product?" centered>
        <Text>Delete “{deleting?.name}”? Shoppers will no longer see it.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button color="red" onClick={confirmDelete} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
