import { Button, Grid, Stack, TextInput } from '@mantine/core';
import { messages } from '@pricehub/shared/messages';
import { promoForm, promoMessages, type PromoInput } from '@pricehub/shared/schemas/promo';
import { campaignInput, isRefusal } from '../../../components/campaign/campaign-input';
import { CampaignFields } from '../../../components/campaign/campaign-fields';
import { FormAlert } from '../../../components/form-alert';
import { useSchemaForm } from '../../../hooks/use-schema-form';

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
  const form = useSchemaForm(promoForm(today), empty, {
    toInput: campaignInput,
    invalidMessage: messages.sale.fixErrors,
    // A refusal says why; anything else (network, server) gets the general message as its toast.
    failureText: (error, message) => ({
      alert: message,
      toast: isRefusal(error) ? message : promoMessages.createFailed,
    }),
  });
  const { values, errors, setValue: set } = form;

  return (
    <form ref={form.ref} onSubmit={form.onSubmit(onSave)} noValidate>
      <Stack>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <TextInput label="Promo title" {...form.getInputProps('title')} withAsterisk maxLength={120} />
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
        <CampaignFields values={values} errors={errors} onChange={set} />
        <FormAlert message={form.formError} />
        <Button
          type="submit"
          loading={form.submitting}
          w={{ base: '100%', sm: 'auto' }}
          style={{ alignSelf: 'flex-start' }}
        >
          Create promo code
        </Button>
      </Stack>
    </form>
  );
}
