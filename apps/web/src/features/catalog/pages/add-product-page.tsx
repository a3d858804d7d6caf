import { Alert, Button, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '@pricehub/shared/messages';
import { notifySuccess } from '../../../components/notify';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useCreateProduct, type CreatedListing } from '../api/catalog';
import { emptyProduct, ProductForm } from '../components/product-form';

/**
 * /seller/addProduct: the spec's two steps, Product Info then Completed, with Reset to add another. The new listing
 * joins the catalogue product the seller picked under "Is it one of these?", or the one the server matches or makes.
 */
export function AddProductPage() {
  usePageTitle('Add product');
  const create = useCreateProduct();
  const [added, setAdded] = useState<CreatedListing | null>(null);
  const [formKey, setFormKey] = useState(0);

  const reset = () => {
    setAdded(null);
    setFormKey((k) => k + 1);
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        Add Product
      </Title>
      <Stepper active={added ? 2 : 0} allowNextStepsSelect={false}>
        <Stepper.Step label="Product Info" description="Details and image">
          <Paper withBorder p="md" radius="md" mt="md">
            <ProductForm
              key={formKey}
              initial={emptyProduct}
              submitLabel="Add Product"
              mode="add"
              onSubmit={async (values, catalogProductId) => {
                const res = await create.mutateAsync({ ...values, ...(catalogProductId ? { catalogProductId } : {}) });
                notifySuccess(res.message ?? messages.product.added);
                setAdded(res);
              }}
            />
          </Paper>
        </Stepper.Step>
        <Stepper.Step label="Completed" description="Product listed" />
        <Stepper.Completed>
          <Alert color="green" title={messages.product.added} mt="md">
            <Text size="sm">“{added?.listing.name}” is now listed in your store.</Text>
            {added && added.product.name !== added.listing.name && (
              <Text size="sm">Shoppers find it under “{added.product.name}”, beside the other stores' prices.</Text>
            )}
            <Group mt="sm">
              <Button onClick={reset}>Reset</Button>
              {added && (
                <Button variant="light" component={Link} to={`/result/productHub/${added.product.id}`}>
                  View product
                </Button>
              )}
              <Button variant="default" component={Link} to="/seller/products">
                My products
              </Button>
            </Group>
          </Alert>
        </Stepper.Completed>
      </Stepper>
    </Stack>
  );
}
