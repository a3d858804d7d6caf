import { Input, NumberInput, Slider, Stack } from '@mantine/core';
import { useId } from 'react';

interface Props {
  value: number | '';
  onChange: (value: number | '') => void;
  error?: string;
}

/** The spec's pair: a slider in steps of 10 and a number input clamped to 1-100 when it loses focus. */
export function DiscountField({ value, onChange, error }: Props) {
  const sliderLabel = useId();
  return (
    <Stack gap={6}>
      <NumberInput
        label="Discount (%)"
        name="discount"
        value={value}
        onChange={(v) => onChange(v === '' ? '' : Number(v))}
        min={1}
        max={100}
        clampBehavior="blur"
        allowDecimal={false}
        allowNegative={false}
        suffix="%"
        error={error}
        withAsterisk
      />
      <Input.Label id={sliderLabel} size="xs" c="dimmed">
        Discount slider
      </Input.Label>
      <Slider
        aria-labelledby={sliderLabel}
        value={value === '' ? 0 : value}
        onChange={onChange}
        min={0}
        max={100}
        step={10}
        marks={[
          { value: 0, label: '0%' },
          { value: 50, label: '50%' },
          { value: 100, label: '100%' },
        ]}
        label={(v) => `${v}%`}
        mb="md"
      />
    </Stack>
  );
}
