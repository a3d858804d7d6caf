import { Autocomplete, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { get } from '../api/client';

/** The header's search: catalogue suggestions as you type (debounced), Enter or a pick opens /result. */
export function SearchBox() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [value, setValue] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(value.trim(), 200);
  useEffect(() => setValue(params.get('q') ?? ''), [params]);

  const suggestions = useQuery({
    queryKey: ['suggestions', debounced],
    queryFn: () => get<{ suggestions: string[] }>(`/products/suggestions?q=${encodeURIComponent(debounced)}`),
    enabled: debounced.length >= 2,
    staleTime: 60_000,
  });

  const search = (q: string) => {
    const query = q.trim();
    if (query) navigate(`/result?q=${encodeURIComponent(query)}`);
  };

  return (
    <form
      role="search"
      style={{ flex: 1, maxWidth: 560 }}
      onSubmit={(e) => {
        e.preventDefault();
        search(value);
      }}
    >
      <Autocomplete
        aria-label="Search products"
        placeholder="Search phones, laptops, computers…"
        value={value}
        onChange={setValue}
        onOptionSubmit={search}
        data={debounced.length >= 2 ? (suggestions.data?.suggestions ?? []) : []}
        limit={15}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={suggestions.isFetching ? <Loader size="xs" /> : null}
        comboboxProps={{ withinPortal: true }}
      />
    </form>
  );
}
