import { DateInput } from '@mantine/dates';
import { parseMdy } from '@pricehub/shared/rules/dates';

interface Props {
  label: string;
  name: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
}

/** A calendar day shown and typed as MM/DD/YYYY; the value is an ISO day ('YYYY-MM-DD') or null. */
export function CampaignDateInput({ label, name, value, onChange, error }: Props) {
  return (
    <DateInput
      label={label}
      name={name}
      value={value}
      onChange={onChange}
      error={error}
      valueFormat="MM/DD/YYYY"
      placeholder="MM/DD/YYYY"
      dateParser={(text) => parseMdy(text)}
      clearable
      withAsterisk
      popoverProps={{ withinPortal: true }}
    />
  );
}
