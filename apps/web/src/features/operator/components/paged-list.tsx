import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';
import { Pager } from './pager';

/** What the list components read of a query (a TanStack Query result fits). */
export interface ListQuery<D> {
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  data: D | undefined;
  refetch: () => unknown;
}

interface QueryListProps<T, D extends { items: T[] }> {
  query: ListQuery<D>;
  /** The loader's accessible name ("Loading stores"). */
  loadingLabel: string;
  /** Shown when the loaded list has no items. */
  emptyMessage: string;
  /** Renders the loaded, non-empty data. */
  children: (data: D) => ReactNode;
}

/** A query shown as loading → error with a retry → an empty message → its items. */
export function QueryList<T, D extends { items: T[] }>({
  query,
  loadingLabel,
  emptyMessage,
  children,
}: QueryListProps<T, D>) {
  if (query.isLoading) return <LoadingState label={loadingLabel} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const data = query.data!;
  if (data.items.length === 0) return <EmptyState title={emptyMessage} />;
  return <>{children(data)}</>;
}

interface PageOf<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

interface PagedListProps<T> {
  query: ListQuery<PageOf<T>>;
  loadingLabel: string;
  emptyMessage: string;
  /** What is counted, plural, for the pager ("stores"). */
  noun: string;
  onPage: (page: number) => void;
  /** Renders the items of the current page. */
  children: (items: T[]) => ReactNode;
}

/** A paged query: loading, error, empty, or the page's items followed by the `Pager`. */
export function PagedList<T>({ query, loadingLabel, emptyMessage, noun, onPage, children }: PagedListProps<T>) {
  return (
    <QueryList query={query} loadingLabel={loadingLabel} emptyMessage={emptyMessage}>
      {(data) => (
        <>
          {children(data.items)}
          <Pager page={data.page} pageSize={data.pageSize} total={data.total} noun={noun} onChange={onPage} />
        </>
      )}
    </QueryList>
  );
}

interface PagedCardListProps<T> extends Omit<PagedListProps<T>, 'children'>, Omit<CardListProps, 'children'> {
  /** One item's card, a `li` with its key. */
  card: (item: T) => ReactNode;
}

/** A paged query shown as a list of cards, one per item of the page. */
export function PagedCardList<T>({ label, ordered, busy, card, ...list }: PagedCardListProps<T>) {
  return (
    <PagedList {...list}>
      {(items) => (
        <CardList label={label} ordered={ordered} busy={busy}>
          {items.map(card)}
        </CardList>
      )}
    </PagedList>
  );
}

interface CardListProps {
  /** The list's accessible name. */
  label: string;
  ordered?: boolean;
  busy?: boolean;
  children: ReactNode;
}

/** A bare `ul` (or `ol`) of cards. */
export function CardList({ label, ordered, busy, children }: CardListProps) {
  return (
    <Stack
      component={ordered ? 'ol' : 'ul'}
      gap="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={label}
      aria-busy={busy}
    >
      {children}
    </Stack>
  );
}
