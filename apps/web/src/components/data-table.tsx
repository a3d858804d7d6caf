import { Table, VisuallyHidden, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column's heading; an actions column is named for screen readers only, a money column is right-aligned. */
export type Column = string | { label: string; hidden?: boolean; align?: 'right' };

interface Props extends TableProps {
  columns: Column[];
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** The rows (`Table.Tr`). */
  children: ReactNode;
}

/** A list shown as a table: headings, then the rows, scrolling sideways on a phone. */
export function DataTable({ columns, minWidth, children, ...table }: Props) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table {...table}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const { label, hidden, align } = typeof column === 'string' ? { label: column } : column;
              return (
                <Table.Th key={label} ta={align}>
                  {hidden ? <VisuallyHidden>{label}</VisuallyHidden> : label}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
