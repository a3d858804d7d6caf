import type { SessionUser } from '@pricehub/shared/schemas/account';
import { describe, expect, it } from 'vitest';
import { newPageRender, sessionOnce } from './page-sessions';

const user = (id: number): SessionUser => ({
  id,
  role: 'customer',
  email: `c${id}@x.test`,
  name: `C${id}`,
  store: null,
});

/** A session lookup that counts how often it ran. */
function counted(id: number) {
  const lookup = async () => {
    lookup.calls++;
    return user(id);
  };
  lookup.calls = 0;
  return lookup;
}

describe('session lookups of a page render', () => {
  it("are shared by the render's own reads of the same token", async () => {
    const render = newPageRender();
    const lookup = counted(1);
    const [a, b] = await Promise.all([sessionOnce(render, 'tok-1', lookup), sessionOnce(render, 'tok-1', lookup)]);
    expect(await sessionOnce(render, 'tok-1', lookup)).toEqual(user(1));
    expect([a, b]).toEqual([user(1), user(1)]);
    expect(lookup.calls).toBe(1);
  });

  it('are not shared between renders, between tokens, or by a request outside any render', async () => {
    const lookup1 = counted(1);
    const lookup2 = counted(2);
    const render = newPageRender();
    await sessionOnce(render, 'tok-1', lookup1);
    // Another token in the same render: its own lookup, its own answer.
    expect(await sessionOnce(render, 'tok-2', lookup2)).toEqual(user(2));
    // Another render, no render, a made-up render id, a repeated header: each looks up for itself.
    await sessionOnce(newPageRender(), 'tok-1', lookup1);
    await sessionOnce(undefined, 'tok-1', lookup1);
    await sessionOnce('made-up', 'tok-1', lookup1);
    await sessionOnce([render, render], 'tok-1', lookup1);
    expect(lookup1.calls).toBe(5);
    expect(lookup2.calls).toBe(1);
  });
});
