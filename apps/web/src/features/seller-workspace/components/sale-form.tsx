import { Alert, Button, Grid, MultiSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { messages } from '@pricehub/shared/messages';
import { saleForm, type SaleInput } from '@pricehub/shared/schemas/sale';
import { ApiRequestError } from '../../../api/client';
import { notifyError } from '../../../components/notify';
import { useSellerProductOptions } from '../api/seller-products';
import { CampaignDateInput } from './campaign-date-input';
import { DiscountField } from './discount-field';
import { SalePreviewTable } from './sale-preview-table';
import { fieldErrors } from '@pricehub/shared/schemas/error';

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
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const products = useSellerProductOptions();

  const set = <K extends keyof SaleFormValues>(key: K, value: SaleFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = saleForm(today).safeParse({
      title: values.title,
      productIds: values.productIds.map(Number),
      discount: values.discount === '' ? undefined : values.discount,
      startDate: values.startDate ?? undefined,
      endDate: values.endDate ?? undefined,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, 1));
      setFormError(m.fixErrors);
      notifyError(m.fixErrors);
      return;
    }
    setSaving(true);
    try {
      await onSave(parsed.data);
    } catch (error) {
      const serverSide = !(error instanceof ApiRequestError) || error.status === 0 || error.status >= 500;
      setFormError(serverSide ? failure.alert : error.message);
      if (error instanceof ApiRequestError) setErrors(error.fields);
      notifyError(failure.toast);
    } finally {
      setSaving(false);
    }
  };

  const options = (products.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  const chosen = (products.data ?? []).filter((p) => values.productIds.includes(String(p.id)));

  return (
    <form onSubmit={submit} noValidate>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <TextInput
              label="Sale title"
              name="title"
              value={values.title}
              onChange={(e) => set('title', e.currentTarget.value)}
              error={errors.title}
              withAsterisk
              maxLength={120}
            />
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
            <DiscountField value={values.discount} onChange={(v) => set('discount', v)} error={errors.discount} />
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <CampaignDateInput
                  label="Start date"
                  name="startDate"
                  value={values.startDate}
                  onChange={(v) => set('startDate', v)}
                  error={errors.startDate}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <CampaignDateInput
                  label="End date"
                  name="endDate"
                  value={values.endDate}
                  onChange={(v) => set('endDate', v)}
                  error={errors.endDate}
                />
              </Grid.Col>
            </Grid>
            {formError && (
              <Alert color="red" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
                {formError}
              </Alert>
            )}
            <Button type="submit" loading={saving} w={{ base: '100%', sm: 'auto' }}>
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
