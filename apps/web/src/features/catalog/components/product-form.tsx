import {
  Alert,
  Button,
  Grid,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { messages } from '@pricehub/shared/messages';
import { fieldErrors } from '@pricehub/shared/schemas/error';
import { productInput, productUpdate, type CatalogueCandidate, type Product } from '@pricehub/shared/schemas/product';
import { ApiRequestError } from '../../../api/client';
import { notifyError } from '../../../components/notify';
import type { ProductFormValues } from '../api/catalog';
import { matchesQueryString, useCatalogueMatches } from '../api/catalogue-matches';
import { CatalogueCandidates, type CandidateChoice } from './catalogue-candidates';
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
  gtin: '',
  stock: 'instock',
};

/** A listing's values as the form shows them (price in rupees). */
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
  gtin: p.gtin ?? '',
  stock: p.stock,
});

interface Props {
  initial: ProductFormValues;
  submitLabel: string;
  /** Adding asks "Is it one of these?" and needs a quantity above 0; editing shows the stock status instead. */
  mode: 'add' | 'edit';
  onSubmit: (values: ProductFormValues, catalogProductId?: number) => Promise<unknown>;
}

/**
 * The seller's listing fields. Checked with the shared schema before posting; on a refused submit every typed value
 * stays and the server's message shows where it belongs (under a field, under the choice of product, or above Add).
 */
export function ProductForm({ initial, submitLabel, mode, onSubmit }: Props) {
  const schema = mode === 'add' ? productInput : productUpdate;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [choice, setChoice] = useState<CandidateChoice>(null);
  const [chosen, setChosen] = useState<CatalogueCandidate | null>(null);

  const [matchQuery] = useDebouncedValue(mode === 'add' ? matchesQueryString(values) : '', 300);
  const matches = useCatalogueMatches(matchQuery);
  const found = matchQuery === '' ? [] : (matches.data ?? []);
  // The product the seller picked stays on the list while they keep typing.
  const candidates = chosen && !found.some((c) => c.id === chosen.id) ? [chosen, ...found] : found;

  const set = (key: keyof ProductFormValues) => (value: string | number | null) => {
    setValues((v) => ({ ...v, [key]: value === null ? '' : String(value) }));
    setErrors(({ [key]: _, ...rest }) => rest);
    setFormError(null);
  };

  const choose = (next: CandidateChoice) => {
    setChoice(next);
    setChosen(typeof next === 'number' ? (candidates.find((c) => c.id === next) ?? null) : null);
    setErrors(({ catalogProductId: _, ...rest }) => rest);
    setFormError(null);
  };

  /** Shows the quantity rule as soon as the seller leaves the field, not only on submit. */
  const checkQuantity = () => {
    if (values.quantity.trim() === '') return;
    const parsed = schema.shape.quantity.safeParse(values.quantity);
    if (!parsed.success) setErrors((e) => ({ ...e, quantity: parsed.error.issues[0]!.message }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const catalogProductId = typeof choice === 'number' ? choice : undefined;
    const parsed = schema.safeParse({ ...values, ...(catalogProductId ? { catalogProductId } : {}) });
    if (!parsed.success) {
      // The first message per field, as the server would word it (the same schema checks both sides).
      const fields = fieldErrors(parsed.error.issues, 1);
      setErrors(fields);
      notifyError(Object.values(fields)[0]!);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(values, catalogProductId);
    } catch (error) {
      const message = error instanceof Error ? error.message : messages.product.addFailed;
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else setFormError(message);
      notifyError(message);
    } finally {
      setBusy(false);
    }
  };

  // A refusal of the chosen product (brand or specs disagree) belongs under that choice.
  const candidateError = errors.catalogProductId ?? (typeof choice === 'number' ? (formError ?? undefined) : undefined);
  const showFormError = formError !== null && candidateError !== formError;

  return (
    <form onSubmit={submit} noValidate aria-label={mode === 'add' ? 'Add product' : 'Edit product'}>
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
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label="Brand"
              value={values.brand}
              onChange={(e) => set('brand')(e.currentTarget.value)}
              error={errors.brand}
              withAsterisk
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
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
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label="GTIN (barcode)"
              description="Optional: 8 to 14 digits from the box"
              inputMode="numeric"
              value={values.gtin}
              onChange={(e) => set('gtin')(e.currentTarget.value)}
              error={errors.gtin}
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
              placeholder={mode === 'add' ? 'At least 1' : undefined}
              value={values.quantity}
              onChange={set('quantity')}
              onBlur={checkQuantity}
              error={errors.quantity}
              // The spec's minimum (1 for a new listing; 0 marks an edited one sold out). A typed 0 is not clamped
              // away on blur: it stays, with the server's message under it, so the seller sees why.
              min={mode === 'add' ? 1 : 0}
              clampBehavior="none"
              trimLeadingZeroesOnBlur={false}
              allowDecimal={false}
              withAsterisk
            />
          </Grid.Col>
        </Grid>
        {mode === 'edit' && (
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
        {mode === 'add' && (
          <>
            <VisuallyHidden role="status">
              {matchQuery !== '' && matches.isSuccess && found.length > 0
                ? `${found.length} catalogue ${found.length === 1 ? 'product' : 'products'} may match`
                : ''}
            </VisuallyHidden>
            {candidates.length > 0 ? (
              <CatalogueCandidates candidates={candidates} value={choice} onChange={choose} error={candidateError} />
            ) : (
              matchQuery !== '' &&
              matches.isSuccess && (
                <Text size="sm" c="dimmed">
                  No catalogue product looks like this yet: yours will be added as a new product.
                </Text>
              )
            )}
          </>
        )}
        {showFormError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
