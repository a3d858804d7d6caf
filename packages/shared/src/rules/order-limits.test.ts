import { describe, expect, it } from 'vitest';
import { holdingRefusal, MAX_BOOKED_CASH_ORDERS, MAX_UNPAID_ONLINE_CHECKOUTS } from './order-limits';

describe('holdingRefusal', () => {
  it('refuses an online checkout once the unpaid ones reach the cap, whatever cash orders are held', () => {
    const held = (unpaidOnline: number) => ({ unpaidOnline, bookedCash: 99 });
    expect(holdingRefusal('online', held(MAX_UNPAID_ONLINE_CHECKOUTS - 1), 4)).toBeNull();
    expect(holdingRefusal('online', held(MAX_UNPAID_ONLINE_CHECKOUTS), 1)?.code).toBe('TOO_MANY_UNPAID');
  });

  it('counts the cash orders a checkout would add (one per seller) against the cap', () => {
    const held = (bookedCash: number) => ({ unpaidOnline: 99, bookedCash });
    expect(holdingRefusal('cashOnDel', held(MAX_BOOKED_CASH_ORDERS - 2), 2)).toBeNull();
    const over = holdingRefusal('cashOnDel', held(MAX_BOOKED_CASH_ORDERS - 2), 3);
    expect(over?.code).toBe('TOO_MANY_BOOKED');
    expect(over?.message).toContain('Pay online, or check out fewer');
    expect(holdingRefusal('cashOnDel', held(MAX_BOOKED_CASH_ORDERS), 1)?.message).toContain('Cancel one');
  });
});
