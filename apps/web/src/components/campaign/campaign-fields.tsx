import { Grid } from '@mantine/core';
import type { CampaignValues } from './campaign-input';
import { CampaignDateInput } from './campaign-date-input';
import { DiscountField } from './discount-field';

interface Props<V extends CampaignValues> {
  values: V;
  errors: Partial<Record<string, string>>;
  onChange: <K extends keyof V & string>(name: K, value: V[K]) => void;
}

const dateFields = [
  { name: 'startDate', label: 'Start date' },
  { name: 'endDate', label: 'End date' },
] as const;

/** What a sale and a promo code share: the discount and the days it runs. */
export function CampaignFields<V extends CampaignValues>({ values, errors, onChange }: Props<V>) {
  return (
    <>
      <DiscountField
        value={values.discount}
        onChange={(v) => onChange('discount', v as V['discount'])}
        error={errors.discount}
      />
      <Grid>
        {dateFields.map(({ name, label }) => (
          <Grid.Col key={name} span={{ base: 12, sm: 6 }}>
            <CampaignDateInput
              label={label}
              name={name}
              value={values[name]}
              onChange={(v) => onChange(name, v as V[typeof name])}
              error={errors[name]}
            />
          </Grid.Col>
        ))}
      </Grid>
    </>
  );
}
