import { Button, Grid, MultiSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { messages } from '@pricehub/shared/messages';
import { saleForm, type SaleInput } from '@pricehub/shared/schemas/sale';
import { useSellerProductOptions } from '../api/seller-products';
import { CampaignFields } from '../../../components/campaign/campaign-fields';
import { campaignInput, isRefusal } from '../../../components/campaign/campaign-input';
import { FormAlert } from '../../../components/form-alert';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { SalePreviewTable } from './sale-preview-table';

const m = messages.sale;

export interface SaleFormValues {
  title: string;
  productIds: string[];
  discount: number | '';
  startDate: string | null;
  endDate: string | null;
}

export const emptySale: SaleFormValues = { title: '', productIds: [], discount: 10, startDate: null, endDate: null };

interface Props {
  initial: SaleFormValues;
  /** The earliest allowed start day (ISO): today, or an edited sale's saved start when that is earlier. */
  today: string;
  submitLabel: string;
  /** Posts the input; a thrown error is shown on the form, and the typed values stay. */
  onSave: (input: SaleInput) => Promise<unknown>;
  /** Wording when the server fails: the toast, and the form's alert for network and server errors. */
  failure: { toast: string; alert: string };
}

/** The sale form: checked with the server's own schema before posting, so the same messages show here first. */
export function SaleForm({ initial, today, submitLabel, onSave, failure }: Props) {
  const form = useSchemaForm(saleForm(today), initial, {
    toInput: (values) => ({ ...campaignInput(values), productIds: values.productIds.map(Number) }),
    invalidMessage: m.fixErrors,
    // A refusal says why on the form; a network or server failure gets the caller's wording.
    failureText: (error, message) => ({ alert: isRefusal(error) ? message : failure.alert, toast: failure.toast }),
  });
  const { values, errors, setValue: set } = form;
  const products = useSellerProductOptions();

  const options = (products.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  const chosen = (products.data ?? []).filter((p) => values.productIds.includes(String(p.id)));

  return (
    <form ref={form.ref} onSubmit={form.onSubmit(onSave)} noValidate>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <TextInput label="Sale title" {...form.getInputProps('title')} withAsterisk maxLength={120} />
            <MultiSelect
              label="Products"
              name="productIds"
              placeholder={products.isLoading ? 'Loading your products…' : 'Choose products'}
              data={options}
              value={values.productIds}
              onChange={(ids) => set('productIds', ids)}
              error={errors.productIds ?? (products.isError ? m.loadProductsFailed : undefined)}
              searchable
              clearable
              nothingFoundMessage="No product with this name"
              withAsterisk
              disabled={products.isError}
            />
            <CampaignFields values={values} errors={errors} onChange={set} />
            <FormAlert message={form.formError} />
            <Button type="submit" loading={form.submitting} w={{ base: '100%', sm: 'auto' }}>
              {submitLabel}
            </Button>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h5" mb="sm">
              Preview
            </Title>
            <SalePreviewTable products={chosen} percent={values.discount} />
          </Paper>
        </Grid.Col>
      </Grid>
    </form>
  );
}
