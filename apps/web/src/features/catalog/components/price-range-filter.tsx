import { Button, RangeSlider, Text, TextInput } from '@mantine/core';
import { formatRs, MAX_PRICE, PAISA_PER_RUPEE } from '@pricehub/shared/rules/money';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { SearchFilters } from '../lib/search-params';
import { sliderFilter, typedFilter, type PriceBounds, type PriceFilter } from './price-range';
import classes from './search-filters.module.css';

const MAX_PRICE_RUPEES = MAX_PRICE / PAISA_PER_RUPEE;
// Arrow keys move a thumb a step at a time: the search waits until the shopper has stopped.
const SLIDER_SETTLE_MS = 300;

interface Props {
  filters: SearchFilters;
  bounds: PriceBounds;
  onChange: (change: PriceFilter) => void;
}

/** An amount box of the price form: a whole or decimal number of rupees, blank for "any". */
const priceInput = (name: 'minPrice' | 'maxPrice', value: string, setValue: (text: string) => void) => ({
  name,
  type: 'number',
  inputMode: 'numeric' as const,
  min: 0,
  max: MAX_PRICE_RUPEES,
  step: 'any',
  placeholder: 'Any',
  value,
  onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.currentTarget.value),
  size: 'xs',
});

/** The filters kept as they are when the price form is sent as a plain GET (before the page's script has loaded). */
const keptFields = ['q', 'category', 'brand', 'ram', 'sort'] as const;

/**
 * Price as a range: a slider over the results' prices and two boxes to type exact amounts. The slider applies when
 * let go; typed amounts apply with Apply or Enter. It is a GET form on /result, so it works before the script loads.
 */
export function PriceRangeFilter({ filters, bounds, onChange }: Props) {
  const clamp = (n: number) => Math.min(Math.max(n, bounds.min), bounds.max);
  const asked = (): [number, number] => [clamp(filters.minPrice ?? bounds.min), clamp(filters.maxPrice ?? bounds.max)];
  const [range, setRange] = useState(asked);
  const [minText, setMinText] = useState(filters.minPrice?.toString() ?? '');
  const [maxText, setMaxText] = useState(filters.maxPrice?.toString() ?? '');
  // A new price in the URL or a new span starts the slider and the boxes afresh. Set during render rather than by
  // remounting, which would take keyboard focus away from the thumb being moved.
  const source = `${filters.minPrice}|${filters.maxPrice}|${bounds.min}|${bounds.max}`;
  const [shown, setShown] = useState(source);
  if (shown !== source) {
    setShown(source);
    setRange(asked());
    setMinText(filters.minPrice?.toString() ?? '');
    setMaxText(filters.maxPrice?.toString() ?? '');
  }
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);

  return (
    <form
      method="get"
      action="/result"
      className={classes.price}
      onSubmit={(event) => {
        event.preventDefault();
        clearTimeout(settle.current);
        onChange(typedFilter(minText, maxText));
      }}
    >
      {keptFields.map((field) =>
        filters[field] !== undefined && !(field === 'sort' && filters.sort === 'relevance') ? (
          <input key={field} type="hidden" name={field} value={String(filters[field])} />
        ) : null,
      )}
      <RangeSlider
        min={bounds.min}
        max={bounds.max}
        step={bounds.step}
        minRange={bounds.step}
        value={range}
        onChange={(value) => {
          setRange(value);
          setMinText(String(value[0]));
          setMaxText(String(value[1]));
        }}
        onChangeEnd={(value) => {
          clearTimeout(settle.current);
          settle.current = setTimeout(() => onChange(sliderFilter(value, bounds)), SLIDER_SETTLE_MS);
        }}
        label={(value) => formatRs(value * 100)}
        thumbFromLabel="Lowest price"
        thumbToLabel="Highest price"
        // The slider's own form fields stay out of the URL: the boxes below carry the price.
        hiddenInputProps={{ disabled: true }}
        mx={8}
      />
      <Text size="xs" c="dimmed" ta="center">
        {formatRs(range[0] * 100)} – {formatRs(range[1] * 100)}
      </Text>
      <div className={classes.priceInputs}>
        <TextInput label="Min (Rs)" {...priceInput('minPrice', minText, setMinText)} />
        <TextInput label="Max (Rs)" {...priceInput('maxPrice', maxText, setMaxText)} />
        <Button type="submit" variant="light" size="xs">
          Apply
        </Button>
      </div>
    </form>
  );
}
