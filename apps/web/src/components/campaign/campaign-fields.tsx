import { Grid } from '@mantine/core';
import type { CampaignValues } from './campaign-input';
import { CampaignDateInput } from './campaign-date-input';
import { DiscountField } from './discount-field';

interface Props<V extends CampaignValues> {
  values: V;
  errors: Partial<Record<string, string>>;
  onChange: <K extends keyof V & string>(name: K, value: V[K]) => void;
}

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
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <CampaignDateInput
            label="Start date"
            name="startDate"
            value={values.startDate}
            onChange={(v) => onChange('startDate', v as V['startDate'])}
            error={errors.startDate}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <CampaignDateInput
            label="End date"
            name="endDate"
            value={values.endDate}
            onChange={(v) => onChange('endDate', v as V['endDate'])}
            error={errors.endDate}
          />
        </Grid.Col>
      </Grid>
    </>
  );
}
