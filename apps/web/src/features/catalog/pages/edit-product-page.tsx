import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useSellerProducts, useUpdateProduct } from '../api/catalog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';
import { formValuesOf, ProductForm } from '../components/product-form';

/** /seller/editProduct/:listingId: the seller's own listing only; saving leads to /seller/prodUpdateAlert. */
export function EditProductPage() {
  usePageTitle('Edit product');
  const id = Number(useParams().listingId);
  const list = useSellerProducts();
  const update = useUpdateProduct(id);
  const navigate = useNavigate();
  if (list.isLoading) return <LoadingState label="Loading product" />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => list.refetch()} />;
  const product = list.data!.items.find((p) => p.id === id);
  if (!product) return <EmptyState title="Product not found in your store" />;
  return (
    <Stack>
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2">
          Edit Product
        </Title>
        <Anchor component={Link} to={`/result/productHub/${product.productId ?? product.id}`}>
          View its product page
        </Anchor>
      </Group>
      <Paper withBorder p="md" radius="md">
        <ProductForm
          initial={formValuesOf(product)}
          submitLabel="Update Product"
          mode="edit"
          onSubmit={async (values) => {
            const res = await update.mutateAsync(values);
            navigate('/seller/prodUpdateAlert', { state: { name: (res.listing ?? res.product)?.name ?? values.name } });
          }}
        />
      </Paper>
    </Stack>
  );
}
