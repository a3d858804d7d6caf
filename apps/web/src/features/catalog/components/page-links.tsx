import { Group, Pagination, useMatches } from '@mantine/core';
import { Link } from 'react-router';

/** Page `n` of the list at `path`: page 1 is the path itself, so each page has one URL. */
export const pageHref = (path: string, n: number) => (n === 1 ? path : `${path}?page=${n}`);

interface PageLinksProps {
  /** The list's path without a query (`/viewstore/techzone`). */
  path: string;
  page: number;
  pages: number;
  /** Names the navigation for screen readers ("Pages of TechZone's products"). */
  label: string;
}

/**
 * The pages of a list as real links (`?page=N`): a crawler follows them, the server renders each page, and a page
 * opens in a new tab. Previous and next stay disabled buttons where there is no such page.
 */
export function PageLinks({ path, page, pages, label }: PageLinksProps) {
  // Nine controls (first, …, three around this page, …, last, previous, next) fit a 390px phone at this size.
  const size = useMatches({ base: 'sm', sm: 'md' });
  const link = (n: number) => ({ component: Link, to: pageHref(path, n) });
  return (
    <Group justify="center" component="nav" aria-label={label}>
      <Pagination
        total={pages}
        value={page}
        size={size}
        getItemProps={(n) => ({ ...link(n), 'aria-label': `Page ${n}` })}
        getControlProps={(control) => {
          const [n, name] = control === 'previous' ? [page - 1, 'Previous page'] : [page + 1, 'Next page'];
          return n >= 1 && n <= pages ? { ...link(n), 'aria-label': name } : { 'aria-label': name };
        }}
      />
    </Group>
  );
}
