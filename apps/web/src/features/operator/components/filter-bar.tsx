import { Button, Group, Paper, Select, Stack, TextInput, type ComboboxItem } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';

interface FilterBarProps {
  /** The search form's accessible name ("Search stores"). */
  searchLabel: string;
  /** The search box's label and placeholder. */
  inputLabel: string;
  placeholder?: string;
  /** What the search box starts with (typically the words in the address). */
  initialWords?: string;
  /** Called with the trimmed words when the form is submitted. */
  onSearch: (words: string) => void;
  /** Shown above the form, inside the same Paper. */
  above?: ReactNode;
  /** Further controls between the search box and the button (e.g. `FilterSelect`s). */
  children?: ReactNode;
}

/** A bordered search form: a search box, the page's own controls and a Search button. */
export function FilterBar({
  searchLabel,
  inputLabel,
  placeholder,
  initialWords = '',
  onSearch,
  above,
  children,
}: FilterBarProps) {
  const [words, setWords] = useState(initialWords);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(words.trim());
  };
  const form = (
    <form onSubmit={submit} role="search" aria-label={searchLabel}>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label={inputLabel}
          placeholder={placeholder}
          value={words}
          onChange={(e) => setWords(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
          maxLength={100}
        />
        {children}
        <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
          Search
        </Button>
      </Group>
    </form>
  );
  return (
    <Paper withBorder p="md">
      {above ? (
        <Stack gap="sm">
          {above}
          {form}
        </Stack>
      ) : (
        form
      )}
    </Paper>
  );
}

interface FilterSelectProps {
  label: string;
  data: ComboboxItem[];
  value: string;
  onChange: (value: string) => void;
  /** Width from the `xs` breakpoint up; full width below it. */
  width: number;
}

/** A select of a `FilterBar` that always has a value. */
export function FilterSelect({ label, data, value, onChange, width }: FilterSelectProps) {
  return (
    <Select
      label={label}
      data={data}
      value={value}
      onChange={(v) => onChange(v ?? '')}
      allowDeselect={false}
      w={{ base: '100%', xs: width }}
    />
  );
}
