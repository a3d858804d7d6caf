import { Button, Grid, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { Product } from '@pricehub/shared/schemas/product';
import { ApiRequestError } from '../../../api/client';
import { notifyError } from '../../../components/notify';
import type { ProductFormValues } from '../api/catalog';
import { ImageUpload } from './image-upload';

export const emptyProduct: ProductFormValues = {
  name: '',
  brand: '',
  category: '',
  description: '',
  ram: '',
  storage: '',
  price: '',
  quantity: '',
  image: '',
  stock: 'instock',
};

export const formValuesOf = (p: Product): ProductFormValues => ({
  name: p.name,
  brand: p.brand,
  category: p.category,
  description: p.description,
  ram: String(p.ram),
  storage: String(p.storage),
  price: String(p.price / 100),
  quantity: String(p.quantity),
  image: p.image,
  stock: p.stock,
});

interface Props {
  initial: ProductFormValues;
  submitLabel: string;
  withStock?: boolean;
  onSubmit: (values: ProductFormValues) => Promise<unknown>;
}

/** The seller's product fields; on a refused submit the values stay and each field shows the server's message. */
export function ProductForm({ initial, submitLabel, withStock, onSubmit }: Props) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof ProductFormValues) => (value: string | number | null) => {
    setValues((v) => ({ ...v, [key]: value === null ? '' : String(value) }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (error) {
      if (error instanceof ApiRequestError) setErrors(error.fields);
      notifyError(error instanceof Error ? error.message : 'Error adding product. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Product name"
          value={values.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          error={errors.name}
          withAsterisk
        />
        <ImageUpload value={values.image} onChange={set('image')} error={errors.image} />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Brand"
              value={values.brand}
              onChange={(e) => set('brand')(e.currentTarget.value)}
              error={errors.brand}
              withAsterisk
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label="Category"
              placeholder="Choose a category"
              data={[
                { value: 'mobile', label: 'Mobile' },
                { value: 'laptop', label: 'Laptop' },
                { value: 'computer', label: 'Computer' },
              ]}
              value={values.category || null}
              onChange={set('category')}
              error={errors.category}
              withAsterisk
            />
          </Grid.Col>
        </Grid>
        <Textarea
          label="Description"
          value={values.description}
          onChange={(e) => set('description')(e.currentTarget.value)}
          error={errors.description}
          autosize
          minRows={3}
          withAsterisk
        />
        <Grid>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NumberInput
              label="RAM (GB)"
              value={values.ram}
              onChange={set('ram')}
              error={errors.ram}
              min={0}
              allowDecimal={false}
              withAsterisk
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NumberInput
              label="Storage (GB)"
              value={values.storage}
              onChange={set('storage')}
              error={errors.storage}
              min={0}
              allowDecimal={false}
              withAsterisk
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NumberInput
              label="Price (Rs)"
              value={values.price}
              onChange={set('price')}
              error={errors.price}
              min={0}
              step={0.01}
              decimalScale={2}
              withAsterisk
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NumberInput
              label="Quantity"
              value={values.quantity}
              onChange={set('quantity')}
              error={errors.quantity}
              min={0}
              allowDecimal={false}
              withAsterisk
            />
          </Grid.Col>
        </Grid>
        {withStock && (
          <Select
            label="Stock status"
            data={[
              { value: 'instock', label: 'In stock' },
              { value: 'outofstock', label: 'Out of stock' },
            ]}
            value={values.stock}
            onChange={(v) => set('stock')(v ?? 'instock')}
            error={errors.stock}
            allowDeselect={false}
          />
        )}
        <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
