import { Button, Group, Stack, Text } from '@mantine/core';
import { formatRs } from '@pricehub/shared/rules/money';
import type { SearchResult } from '@pricehub/shared/schemas/product';
import type { SearchFilters } from '../lib/search-params';
import { FilterChip } from './filter-chip';

const CATEGORY_CHIPS = [
  { value: 'mobile', label: 'Mobile' },
  { value: 'laptop', label: 'Laptop' },
  { value: 'computer', label: 'Computer' },
] as const;

/** Price buckets cover [min, max); the filter's max is inclusive, so the chip asks for up to one paisa less. */
const bucketMax = (max: number) => Math.round((max - 0.01) * 100) / 100;

interface Props {
  filters: SearchFilters;
  facets: SearchResult['facets'] | undefined;
  onChange: (change: Partial<SearchFilters>) => void;
}

/** Chips for category, brand, price range and RAM; a chip toggles its filter, and active filters always show. */
export function SearchFiltersPanel({ filters, facets, onChange }: Props) {
  const brands = facets?.brand ?? [];
  const brandValues = brands.map((b) => b.value);
  if (filters.brand && !brandValues.some((b) => b.toLowerCase() === filters.brand!.toLowerCase())) {
    brands.unshift({ value: filters.brand, count: 0 });
  }
  const rams = [...(facets?.ram ?? [])];
  if (filters.ram !== undefined && !rams.some((r) => r.value === filters.ram))
    rams.unshift({ value: filters.ram, count: 0 });
  const prices = facets?.price ?? [];
  const priceActive = filters.minPrice !== undefined || filters.maxPrice !== undefined;
  const anyActive = !!(filters.category || filters.brand || filters.ram !== undefined || priceActive);

  return (
    <Stack gap="sm">
      <FilterRow label="Category">
        {CATEGORY_CHIPS.map((c) => (
          <FilterChip
            key={c.value}
            checked={filters.category === c.value}
            onChange={() => onChange({ category: filters.category === c.value ? undefined : c.value })}
          >
            {c.label}
          </FilterChip>
        ))}
      </FilterRow>
      {brands.length > 0 && (
        <FilterRow label="Brand">
          {brands.slice(0, 20).map((b) => {
            const active = filters.brand?.toLowerCase() === b.value.toLowerCase();
            return (
              <FilterChip
                key={b.value}
                checked={active}
                onChange={() => onChange({ brand: active ? undefined : b.value })}
              >
                {b.value} ({b.count})
              </FilterChip>
            );
          })}
        </FilterRow>
      )}
      {(prices.length > 0 || priceActive) && (
        <FilterRow label="Price">
          {priceActive && !prices.some((p) => p.min === filters.minPrice && bucketMax(p.max) === filters.maxPrice) && (
            <FilterChip checked onChange={() => onChange({ minPrice: undefined, maxPrice: undefined })}>
              {formatRs((filters.minPrice ?? 0) * 100)} –{' '}
              {filters.maxPrice !== undefined ? formatRs(filters.maxPrice * 100) : 'any'}
            </FilterChip>
          )}
          {prices.slice(0, 16).map((p) => {
            const active = filters.minPrice === p.min && filters.maxPrice === bucketMax(p.max);
            return (
              <FilterChip
                key={p.min}
                checked={active}
                onChange={() =>
                  onChange(
                    active
                      ? { minPrice: undefined, maxPrice: undefined }
                      : { minPrice: p.min, maxPrice: bucketMax(p.max) },
                  )
                }
              >
                {formatRs(p.min * 100)} – {formatRs(bucketMax(p.max) * 100)} ({p.count})
              </FilterChip>
            );
          })}
        </FilterRow>
      )}
      {rams.length > 0 && (
        <FilterRow label="RAM">
          {rams.map((r) => {
            const active = filters.ram === r.value;
            return (
              <FilterChip
                key={r.value}
                checked={active}
                onChange={() => onChange({ ram: active ? undefined : r.value })}
              >
                {r.value} GB ({r.count})
              </FilterChip>
            );
          })}
        </FilterRow>
      )}
      {anyActive && (
        <Group>
          <Button
            variant="subtle"
            size="xs"
            onClick={() =>
              onChange({
                category: undefined,
                brand: undefined,
                ram: undefined,
                minPrice: undefined,
                maxPrice: undefined,
              })
            }
          >
            Clear filters
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function FilterRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" align="center" role="group" aria-label={label}>
      <Text size="sm" fw={600} w={70}>
        {label}
      </Text>
      {children}
    </Group>
  );
}
