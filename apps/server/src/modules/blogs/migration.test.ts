import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrationsFolder, openDatabase, queryRows } from '../../db/client';
import { BLOG_RENDER_VERSION, renderPost } from './render';
import { renderStalePosts } from './stored-render';

/**
 * Migration 0006 and the start-up render after it, on posts written before posts stored their HTML: every post
 * keeps its row and gets the HTML and summary the renderer makes. Runs on a fresh in-memory PGlite.
 */

/** A copy of the migrations folder up to `last`; `migrate` runs no code step on a copy. */
function migrationsUpTo(last: number): string {
  const dir = mkdtempSync(join(tmpdir(), `pricehub-mig-${last}-`));
  mkdirSync(join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  expect(journal.entries.at(-1)!.idx).toBe(last);
  for (const e of journal.entries) copyFileSync(join(migrationsFolder, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  return dir;
}

const posts = [
  { title: 'Plain', content: 'Just words.' },
  { title: 'Markdown', content: '## Pick a laptop\n\n**RAM** first, then _storage_.\n\n- 16 GB\n- 512 GB' },
  {
    title: 'Hostile',
    content:
      'Hello <script>steal()</script><img src="https://x.test/a.png" onerror="steal()"> [x](javascript:alert(1))',
  },
  { title: 'Long', content: `${'Lahore laptops '.repeat(60)}end` },
];

const database = await openDatabase({});
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);
const stored = () =>
  rows<{ id: number; title: string; content: string; html: string; summary: string; version: number }>(
    sql`select id, title, content, html, summary, render_version as version from blogs order by id`,
  );
const dirs = [migrationsUpTo(5), migrationsUpTo(6)];
let ids: number[] = [];
/** The posts as the SQL of 0006 alone left them, before the start-up render. */
let bySqlOnly: { html: string; summary: string; version: number }[] = [];

beforeAll(async () => {
  await migrate(database, dirs[0]);
  const [seller] = await rows<{ id: number }>(sql`insert into accounts (role, email, password_hash, name, phone)
      values ('seller', 'old@shop.test', 'x', 'Old Seller', '03001234567') returning id`);
  const [store] = await rows<{ id: number }>(sql`insert into stores (seller_id, name, slug, license_id, phone)
      values (${seller!.id}, 'Old Store', 'old-store', 'L-1', '03001234567') returning id`);
  ids = [];
  for (const [i, p] of posts.entries()) {
    const [row] = await rows<{ id: number }>(sql`insert into blogs (store_id, title, content, created_at)
        values (${store!.id}, ${p.title}, ${p.content}, now() - make_interval(days => ${i})) returning id`);
    ids.push(row!.id);
  }
  await migrate(database, dirs[1]);
  bySqlOnly = await stored();
  await migrate(database);
}, 120_000);

afterAll(async () => {
  await database.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('migration 0006 on posts written before it', () => {
  it('keeps every post and fills its HTML and summary exactly as the renderer makes them', async () => {
    const after = await stored();
    expect(after.map((r) => r.id)).toEqual(ids);
    for (const [i, row] of after.entries()) {
      expect(row).toMatchObject(posts[i]!);
      const { html, summary } = renderPost(posts[i]!.content);
      expect(row).toMatchObject({ html, summary, version: BLOG_RENDER_VERSION });
    }
    expect(after[1]!.html).toContain('<strong>RAM</strong>');
    expect(after[2]!.html).not.toMatch(/<script|onerror|javascript:/);
    expect(after[2]!.summary).toBe('Hello x');
    expect(after[3]!.summary.endsWith('…')).toBe(true);
  });

  it('fills, in SQL alone, only escaped text: no markup gets through before the renderer runs', () => {
    expect(bySqlOnly.map((r) => r.version)).toEqual([0, 0, 0, 0]);
    expect(bySqlOnly[0]).toMatchObject({ html: '<p>Just words.</p>', summary: 'Just words.' });
    expect(bySqlOnly[1]!.html).toBe(
      '<p>## Pick a laptop<br /><br />**RAM** first, then _storage_.<br /><br />- 16 GB<br />- 512 GB</p>',
    );
    expect(bySqlOnly[2]!.html).toBe(
      '<p>Hello &lt;script&gt;steal()&lt;/script&gt;&lt;img src=&quot;https://x.test/a.png&quot; onerror=&quot;steal()&quot;&gt; [x](javascript:alert(1))</p>',
    );
    expect(bySqlOnly[2]!.summary).toBe('Hello steal() [x](javascript:alert(1))');
  });

  it('makes the columns required: a post without its HTML cannot be written', async () => {
    await expect(
      database.db.execute(
        sql`insert into blogs (store_id, title, content) select store_id, 't', 'c' from blogs limit 1`,
      ),
    ).rejects.toThrow();
  });

  it('renders again, at start-up, only the posts an older renderer made', async () => {
    await database.db.execute(
      sql`update blogs set html = '<p>old</p>', summary = 'old', render_version = ${BLOG_RENDER_VERSION - 1}
          where id = ${ids[0]!}`,
    );
    await database.db.execute(sql`update blogs set html = '<p>current</p>' where id = ${ids[1]!}`);
    expect(await renderStalePosts(database.db)).toEqual({ rendered: 1 });
    const after = await stored();
    expect(after[0]).toMatchObject({ html: '<p>Just words.</p>\n', summary: 'Just words.' });
    expect(after[1]!.html).toBe('<p>current</p>');
    expect(await renderStalePosts(database.db)).toEqual({ rendered: 0 });
  });
});
