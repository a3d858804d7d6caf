import { Paper, Stack, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../../components/page-title';
import { useSellerProducts, useUpdateProduct } from '../api/catalog';
import { EmptyState, ErrorState, LoadingState } from '../components/page-states';
import { formValuesOf, ProductForm } from '../components/product-form';

/** /seller/editProduct/:productId: the seller's own product only; saving leads to /seller/prodUpdateAlert. */
export function EditProductPage() {
  usePageTitle('Edit product');
  const id = Number(useParams().productId);
  const list = useSellerProducts();
  const update = useUpdateProduct(id);
  const navigate = useNavigate();
  if (list.isLoading) return <LoadingState label="Loading product" />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => list.refetch()} />;
  const product = list.data!.items.find((p) => p.id === id);
  if (!product) return <EmptyState title="Product not found in your store" />;
  return (
    <Stack>
      <Title order={1} size="h2">
        Edit Product
      </Title>
      <Paper withBorder p="md" radius="md">
        <ProductForm
          initial={formValuesOf(product)}
          submitLabel="Update Product"
          withStock
          onSubmit={async (values) => {
            const res = await update.mutateAsync(values);
            navigate('/seller/prodUpdateAlert', { state: { name: res.product.name } });
          }}
        />
      </Paper>
    </Stack>
  );
}
