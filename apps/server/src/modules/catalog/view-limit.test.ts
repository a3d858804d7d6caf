import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, createSeller } from '../../testing/factories';
import { VIEW_LIMIT } from './routes';
import { listProduct } from './test-fixtures';

const t = await buildTestApp();
const seller = await createSeller(t);

const view = (id: number, remoteAddress: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/products/${id}/views`,
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });

describe('the product view limit', () => {
  it('stops a script that drops its cookie from inflating views: past 60 per address, it is one viewer', async () => {
    const { id } = await listProduct(t, seller, { name: 'Inflated Phone' });
    const answers = [];
    for (let i = 0; i < VIEW_LIMIT.perAddress + 20; i++) answers.push(await view(id, '10.4.0.1'));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    // 60 new visitors, then the address itself once.
    expect(answers.at(-1)!.json()).toEqual({ counted: false, views: VIEW_LIMIT.perAddress + 1 });
    // Other shoppers are counted as before.
    expect((await view(id, '10.4.0.2')).json()).toEqual({ counted: true, views: VIEW_LIMIT.perAddress + 2 });
  });

  it('counts past 30 openings an account makes as its address’s, whatever address they come from', async () => {
    const shopper = await createCustomer(t);
    const products = [];
    for (let i = 0; i <= VIEW_LIMIT.perAccount; i++)
      products.push(await listProduct(t, seller, { name: `Phone ${i}` }));
    for (const [i, p] of products.entries()) {
      expect((await view(p.id, `10.5.0.${i + 1}`, shopper.cookie)).json().counted).toBe(true);
    }
    const last = products.at(-1)!.id;
    const viewers = await queryRows<{ viewer_key: string }>(
      t.ctx.db,
      sql`select viewer_key from product_views where product_id = ${last}`,
    );
    expect(viewers.map((v) => v.viewer_key)).toEqual([`address:10.5.0.${VIEW_LIMIT.perAccount + 1}`]);
  });
});
