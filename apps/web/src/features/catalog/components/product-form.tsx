import { Button, Grid, NumberInput, Select, Stack, Text, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { productInput, productUpdate, type CatalogueCandidate, type Product } from '@pricehub/shared/schemas/product';
import { FormAlert } from '../../../components/form-alert';
import { notifyError } from '../../../components/notify';
import { useSchemaForm } from '../../../hooks/use-schema-form';
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
  const form = useSchemaForm(schema, initial);
  const { values, errors, formError } = form;
  const [choice, setChoice] = useState<CandidateChoice>(null);
  const [chosen, setChosen] = useState<CatalogueCandidate | null>(null);
  const [quantityRule, setQuantityRule] = useState<string>();
  // A refusal speaks of what was sent: it goes once the seller changes anything (or picks another product).
  const [editedSinceSubmit, setEditedSinceSubmit] = useState(false);
  const [submittedChoice, setSubmittedChoice] = useState<CandidateChoice>(null);

  const [matchQuery] = useDebouncedValue(mode === 'add' ? matchesQueryString(values) : '', 300);
  const matches = useCatalogueMatches(matchQuery);
  const found = matchQuery === '' ? [] : (matches.data ?? []);
  // The product the seller picked stays on the list while they keep typing.
  const candidates = chosen && !found.some((c) => c.id === chosen.id) ? [chosen, ...found] : found;

  /** Number inputs and selects give numbers and nulls; the form keeps what was typed, as text. */
  const set = (key: Exclude<keyof ProductFormValues, 'stock'>) => (value: string | number | null) => {
    form.setValue(key, value === null ? '' : String(value));
    if (key === 'quantity') setQuantityRule(undefined);
    setEditedSinceSubmit(true);
  };

  const choose = (next: CandidateChoice) => {
    setChoice(next);
    setChosen(typeof next === 'number' ? (candidates.find((c) => c.id === next) ?? null) : null);
    setEditedSinceSubmit(true);
  };

  /** Name, value, message and change handler of one field; every one of them is required but the GTIN. */
  const field = (key: Exclude<keyof ProductFormValues, 'stock'>) => ({
    name: key,
    value: values[key],
    onChange: set(key),
    error: errors[key],
    withAsterisk: key !== 'gtin',
  });
  const textField = (key: 'name' | 'brand' | 'gtin' | 'description') => ({
    ...field(key),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key)(event.currentTarget.value),
  });

  /** Shows the quantity rule as soon as the seller leaves the field, not only on submit. */
  const checkQuantity = () => {
    if (values.quantity.trim() === '') return;
    setQuantityRule(schema.shape.quantity.safeParse(values.quantity).error?.issues[0]?.message);
  };

  const catalogProductId = typeof choice === 'number' ? choice : undefined;
  const extra = catalogProductId ? { catalogProductId } : {};
  // The values go as typed (the API function turns the rupees into paisa).
  const save = form.onSubmit(() => onSubmit(values, catalogProductId), extra);
  const submit = (event: FormEvent) => {
    setEditedSinceSubmit(false);
    setSubmittedChoice(choice);
    // Each field's message shows under it; the first is also the toast, as when the server refuses the same values.
    const refused = schema.safeParse({ ...values, ...extra }).error;
    if (refused) notifyError(refused.issues[0]!.message);
    return save(event);
  };

  const refusal = editedSinceSubmit ? undefined : (formError ?? undefined);
  // A refusal of the chosen product (brand or specs disagree) belongs under that choice.
  const candidateError =
    (choice === submittedChoice ? errors.catalogProductId : undefined) ?? (catalogProductId ? refusal : undefined);

  return (
    <form ref={form.ref} onSubmit={submit} noValidate aria-label={mode === 'add' ? 'Add product' : 'Edit product'}>
      <Stack gap="sm">
        <TextInput label="Product name" {...textField('name')} />
        <ImageUpload value={values.image} onChange={set('image')} error={errors.image} />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="Brand" {...textField('brand')} />
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
              {...field('category')}
              value={values.category || null}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label="GTIN (barcode)"
              description="Optional: 8 to 14 digits from the box"
              inputMode="numeric"
              {...textField('gtin')}
            />
          </Grid.Col>
        </Grid>
        <Textarea label="Description" {...textField('description')} autosize minRows={3} />
        <Grid>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NumberInput label="RAM (GB)" {...field('ram')} min={0} allowDecimal={false} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NumberInput label="Storage (GB)" {...field('storage')} min={0} allowDecimal={false} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NumberInput label="Price (Rs)" {...field('price')} min={0} step={0.01} decimalScale={2} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NumberInput
              label="Quantity"
              placeholder={mode === 'add' ? 'At least 1' : undefined}
              {...field('quantity')}
              onBlur={checkQuantity}
              error={errors.quantity ?? quantityRule}
              // The spec's minimum (1 for a new listing; 0 marks an edited one sold out). A typed 0 is not clamped
              // away on blur: it stays, with the server's message under it, so the seller sees why.
              min={mode === 'add' ? 1 : 0}
              clampBehavior="none"
              trimLeadingZeroesOnBlur={false}
              allowDecimal={false}
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
            name="stock"
            value={values.stock}
            onChange={(v) => {
              form.setValue('stock', v === 'outofstock' ? v : 'instock');
              setEditedSinceSubmit(true);
            }}
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
        <FormAlert message={candidateError === refusal ? null : (refusal ?? null)} />
        <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
