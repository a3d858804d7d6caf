import { Alert, Button, Grid, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { messages } from '@pricehub/shared/messages';
import { promoForm, promoMessages, type PromoInput } from '@pricehub/shared/schemas/promo';
import { ApiRequestError } from '../../../api/client';
import { notifyError } from '../../../components/notify';
import { CampaignDateInput } from './campaign-date-input';
import { DiscountField } from './discount-field';
import { fieldErrors } from '@pricehub/shared/schemas/error';

interface Values {
  title: string;
  code: string;
  discount: number | '';
  startDate: string | null;
  endDate: string | null;
}

const empty: Values = { title: '', code: '', discount: 10, startDate: null, endDate: null };

/** The promo form: the sale's rules for discount and dates, plus an optional code of the seller's choosing. */
export function PromoForm({ today, onSave }: { today: string; onSave: (input: PromoInput) => Promise<unknown> }) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = promoForm(today).safeParse({
      title: values.title,
      code: values.code,
      discount: values.discount === '' ? undefined : values.discount,
      startDate: values.startDate ?? undefined,
      endDate: values.endDate ?? undefined,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, 1));
      setFormError(messages.sale.fixErrors);
      notifyError(messages.sale.fixErrors);
      return;
    }
    setSaving(true);
    try {
      await onSave(parsed.data);
    } catch (error) {
      const message = error instanceof Error ? error.message : promoMessages.createFailed;
      setFormError(message);
      if (error instanceof ApiRequestError) setErrors(error.fields);
      notifyError(
        error instanceof ApiRequestError && error.status < 500 && error.status > 0
          ? message
          : promoMessages.createFailed,
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <TextInput
              label="Promo title"
              name="title"
              value={values.title}
              onChange={(e) => set('title', e.currentTarget.value)}
              error={errors.title}
              withAsterisk
              maxLength={120}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput
              label="Code"
              name="code"
              description="4-16 letters or digits; leave blank to generate one"
              value={values.code}
              onChange={(e) => set('code', e.currentTarget.value.toUpperCase())}
              error={errors.code}
              maxLength={16}
              autoCapitalize="characters"
            />
          </Grid.Col>
        </Grid>
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
        <Button type="submit" loading={saving} w={{ base: '100%', sm: 'auto' }} style={{ alignSelf: 'flex-start' }}>
          Create promo code
        </Button>
      </Stack>
    </form>
  );
}
