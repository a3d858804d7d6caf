import { UnstyledButton } from '@mantine/core';
import type { SearchResult } from '@pricehub/shared/schemas/product';
import { useId, useState, type ReactNode } from 'react';
import type { SearchFilters } from '../lib/search-params';
import { FilterChip } from './filter-chip';
import { PriceRangeFilter } from './price-range-filter';
import type { PriceBounds } from './price-range';
import classes from './search-filters.module.css';

const CATEGORY_CHIPS = [
  { value: 'mobile', label: 'Mobile' },
  { value: 'laptop', label: 'Laptop' },
  { value: 'computer', label: 'Computer' },
] as const;

/** Brands shown before "All brands": a phone's drawer or the sidebar stays short for a broad search. */
const FIRST_BRANDS = 8;

/** The filters "Clear all" removes (the words and the order stay). */
export const noFilters: Partial<SearchFilters> = {
  category: undefined,
  brand: undefined,
  ram: undefined,
  minPrice: undefined,
  maxPrice: undefined,
};

/** How many filters are on, for the Filters button: category, brand, RAM, and the price range as one. */
export function activeFilterCount(filters: SearchFilters): number {
  const price = filters.minPrice !== undefined || filters.maxPrice !== undefined;
  return [!!filters.category, !!filters.brand, filters.ram !== undefined, price].filter(Boolean).length;
}

interface Props {
  filters: SearchFilters;
  facets: SearchResult['facets'] | undefined;
  /** The price slider's span (from the results before any price filter); null hides the price filter. */
  priceBounds: PriceBounds | null;
  onChange: (change: Partial<SearchFilters>) => void;
}

/**
 * Category, brand, price range and RAM, one group under another: the sidebar on wide screens and the Filters
 * drawer on phones show the same panel. A chip toggles its filter; active filters always show.
 */
export function SearchFiltersPanel({ filters, facets, priceBounds, onChange }: Props) {
  const [allBrands, setAllBrands] = useState(false);
  const brands = [...(facets?.brand ?? [])];
  const activeBrand = filters.brand?.toLowerCase();
  const brandIndex = brands.findIndex((b) => b.value.toLowerCase() === activeBrand);
  // The active brand comes first, with a count of 0 if the results no longer have it.
  if (filters.brand)
    brands.unshift(brandIndex >= 0 ? brands.splice(brandIndex, 1)[0]! : { value: filters.brand, count: 0 });
  const shownBrands = allBrands ? brands : brands.slice(0, FIRST_BRANDS);
  const rams = [...(facets?.ram ?? [])];
  if (filters.ram !== undefined && !rams.some((r) => r.value === filters.ram))
    rams.unshift({ value: filters.ram, count: 0 });

  return (
    <div className={classes.panel}>
      <FilterGroup label="Category">
        {CATEGORY_CHIPS.map((c) => (
          <FilterChip
            key={c.value}
            checked={filters.category === c.value}
            onChange={() => onChange({ category: filters.category === c.value ? undefined : c.value })}
          >
            {c.label}
          </FilterChip>
        ))}
      </FilterGroup>
      {brands.length > 0 && (
        <FilterGroup label="Brand">
          {shownBrands.map((b) => {
            const active = b.value.toLowerCase() === activeBrand;
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
          {brands.length > FIRST_BRANDS && (
            <UnstyledButton className={classes.more} onClick={() => setAllBrands((all) => !all)}>
              {allBrands ? 'Fewer brands' : `All ${brands.length} brands`}
            </UnstyledButton>
          )}
        </FilterGroup>
      )}
      {priceBounds && (
        <FilterGroup label="Price" chips={false}>
          <PriceRangeFilter filters={filters} bounds={priceBounds} onChange={onChange} />
        </FilterGroup>
      )}
      {rams.length > 0 && (
        <FilterGroup label="RAM">
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
        </FilterGroup>
      )}
    </div>
  );
}

function FilterGroup({ label, chips = true, children }: { label: string; chips?: boolean; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className={classes.group}>
      <div id={id} className={classes.label}>
        {label}
      </div>
      {chips ? <div className={classes.chips}>{children}</div> : children}
    </div>
  );
}
