import { Box, Group, Pagination, Text } from '@mantine/core';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** What is counted, plural ("stores", "entries"). */
  noun: string;
  onChange: (page: number) => void;
}

/** "21-40 of 57 stores" and the page buttons, each named for screen readers. */
export function Pager({ page, pageSize, total, noun, onChange }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total === 0 ? `No ${noun}` : `${first}–${last} of ${total} ${noun}`}
      </Text>
      {pages > 1 && (
        <Box component="nav" aria-label={`Pages of ${noun}`}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onChange}
            size="sm"
            siblings={1}
            getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': 'Previous page' }
                : control === 'next'
                  ? { 'aria-label': 'Next page' }
                  : {}
            }
          />
        </Box>
      )}
    </Group>
  );
}
