import { Loader, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { get } from '../api/client';
import { queryKeys } from '../api/query-keys';

/**
 * The header's search: catalogue suggestions as you type (debounced, not for the search already on screen), Enter or a
 * pick opens /result.
 * Suggestions use the browser's own <datalist>: accessible, keyboard-driven, and no popover code at first load.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [value, setValue] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(value.trim(), 200);
  useEffect(() => setValue(params.get('q') ?? ''), [params]);
  // On a server-drawn page the shopper may have typed before the script arrived: keep what they typed.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = input.current?.value;
    if (typed && typed !== (params.get('q') ?? '')) setValue(typed);
    // Once, when the browser takes over the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Suggestions are for what the shopper types: the results page's box arrives holding the search it shows, and
  // asking for that search's suggestions then cost the page a request and two renders while it started.
  const typing = debounced.length >= 2 && debounced !== (params.get('q') ?? '').trim();
  const suggestions = useQuery({
    queryKey: queryKeys.suggestions(debounced),
    queryFn: () => get<{ suggestions: string[] }>(`/products/suggestions?q=${encodeURIComponent(debounced)}`),
    enabled: typing,
    staleTime: 60_000,
  });
  const options = typing ? (suggestions.data?.suggestions ?? []).slice(0, 15) : [];

  const search = (q: string) => {
    const query = q.trim();
    if (query) navigate(`/result?q=${encodeURIComponent(query)}`);
  };

  return (
    // action and name make the search work as a plain form too, before the page's script has loaded.
    <form
      role="search"
      action="/result"
      method="get"
      style={{ flex: 1, minWidth: 0 }}
      onSubmit={(e) => {
        e.preventDefault();
        search(value);
      }}
    >
      <TextInput
        ref={input}
        name="q"
        type="search"
        aria-label="Search products"
        placeholder="Search phones, laptops, computers…"
        value={value}
        onChange={(e) => {
          const next = e.currentTarget.value;
          setValue(next);
          // Picking a suggestion from the list searches at once, as a typed Enter would.
          if (options.includes(next) && (e.nativeEvent as InputEvent).inputType !== 'insertText') search(next);
        }}
        list="search-suggestions"
        autoComplete="off"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={suggestions.isFetching ? <Loader size="xs" aria-label="Loading suggestions" /> : null}
      />
      <datalist id="search-suggestions">
        {options.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
    </form>
  );
}
