import { Button, Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './search-layout.module.css';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** How many products the filters find now ("Show 12 products"); undefined while unknown. */
  total: number | undefined;
  loading: boolean;
  onClear: (() => void) | undefined;
  children: ReactNode;
}

/**
 * The filters on a phone: a drawer from the side that keeps keyboard focus inside while open, closes on Escape or a
 * tap outside, and hands focus back to the Filters button (the caller's onClose). Filters apply as they are chosen;
 * the results behind update, and "Show N products" closes the drawer on them. Loaded on the first reach for the
 * button, so the results page does not carry it.
 */
export function FiltersDrawer({ opened, onClose, total, loading, onClear, children }: Props) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Filters"
      position="left"
      size={340}
      returnFocus={false}
      closeButtonProps={{ 'aria-label': 'Close filters' }}
      classNames={{ body: classes.drawerBody }}
    >
      <div className={classes.drawerFilters}>{children}</div>
      <div className={classes.drawerFooter}>
        {onClear && (
          <Button variant="subtle" onClick={onClear}>
            Clear all
          </Button>
        )}
        <Button onClick={onClose} loading={loading} className={classes.show}>
          {total === undefined ? 'Show results' : `Show ${total} ${total === 1 ? 'product' : 'products'}`}
        </Button>
      </div>
    </Drawer>
  );
}
