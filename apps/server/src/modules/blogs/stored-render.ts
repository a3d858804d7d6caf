import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { BLOG_RENDER_VERSION, renderPost } from './render';

const BATCH = 200;

/**
 * Renders again every stored post that an older renderer made: after migration 0006 (which filled every post with
 * its escaped text), and after any change of the renderer or its sanitizer policy (BLOG_RENDER_VERSION). Runs at
 * start-up, after the SQL migrations; afterwards nothing renders a post but writing it. A post edited meanwhile
 * keeps what its edit stored (the update checks that the text is the one rendered).
 */
export async function renderStalePosts(db: Db): Promise<{ rendered: number }> {
  let rendered = 0;
  let after = 0;
  for (;;) {
    const rows = await queryRows<{ id: number; content: string }>(
      db,
      sql`select id, content from blogs where render_version < ${BLOG_RENDER_VERSION} and id > ${after}
          order by id limit ${BATCH}`,
    );
    if (rows.length === 0) return { rendered };
    const values = rows.map((r) => ({ id: r.id, content: r.content, ...renderPost(r.content) }));
    await db.execute(sql`update blogs b set html = v.html, summary = v.summary, render_version = v."renderVersion"
        from json_to_recordset(${JSON.stringify(values)}::json)
          as v(id int, content text, html text, summary text, "renderVersion" int)
        where b.id = v.id and b.content = v.content and b.render_version < v."renderVersion"`);
    rendered += rows.length;
    after = rows.at(-1)!.id;
  }
}
