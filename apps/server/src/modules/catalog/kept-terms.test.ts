import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { productQuery } from '@pricehub/shared/schemas/product';
import { queryRows } from '../../db/client';
import { seedBulkProducts } from '../../db/seed/bulk';
import { seedDemoIfEmpty } from '../../db/seed/demo';
import { buildTestApp } from '../../testing/test-app';
import { CatalogueChanges } from './change-feed';
import { KeptTerms, keepSearchTerms, keptSearchTerms, similarity, trigrams } from './kept-terms';
import { resolveWords } from './query-words';
import { searchUncached } from './search';
import { addSearchTerms } from './search-terms';
import { MAX_SUGGESTIONS, suggestUncached } from './suggestions';

/**
 * The search dictionary kept in the process must look every word up exactly as resolveWords's statement does in the
 * database (pg_trgm's similarity included), and must stop answering as soon as the dictionary changes anywhere, until
 * it has read it again.
 */
const t = await buildTestApp();
const db = t.ctx.db;
await seedDemoIfEmpty(t.ctx);
await seedBulkProducts(t.ctx, 400);

const changes = new CatalogueChanges(t.ctx.database, { warn: () => {} });
await changes.start();
const kept = new KeptTerms(db, changes);
afterAll(() => changes.close());

/** What the database's statement answers (db has no kept dictionary registered). */
const inDatabase = (words: string[]) => resolveWords(db, words);

/** Misspellings of a word as shoppers make them: two letters swapped, one dropped, one doubled, one changed. */
const misspellings = (w: string) => [
  `${w.slice(0, 1)}${w[2]}${w[1]}${w.slice(3)}`,
  `${w.slice(0, 2)}${w.slice(3)}`,
  `${w.slice(0, 3)}${w[2]}${w.slice(3)}`,
  `${w.slice(0, -1)}x`,
];

describe('the kept search dictionary', () => {
  it("measures trigram similarity as pg_trgm's similarity() does", async () => {
    const pairs = [
      ['iphnoe', 'iphone'],
      ['laptp', 'laptop'],
      ['samsnug', 'samsung'],
      ['ab', 'abc'],
      ['hp', 'hp'],
      ['tp-link archer', 'archer'],
      ['ultrabooks', 'notebooks'],
      ['x', 'lenovo'],
    ];
    for (const [a, b] of pairs) {
      const [row] = await queryRows<{ s: number }>(db, sql`select similarity(${a}, ${b}) as s`);
      expect(similarity(trigrams(a!), trigrams(b!)), `${a} ~ ${b}`).toBe(Number(row!.s));
    }
  });

  it('looks up every word as the database does: exact words, misspellings, short words, model numbers, unknowns', async () => {
    await kept.read();
    const terms = await queryRows<{ term: string; correctable: boolean; weight: number }>(
      db,
      sql`select term, correctable, weight from search_terms order by term`,
    );
    const weight = new Map(terms.map((r) => [r.term, r.weight]));
    expect(terms.length).toBeGreaterThan(200);
    const words = [
      ...terms.filter((_, i) => i % 3 === 0).map((r) => r.term.split(/[^a-z0-9]+/)[0]!),
      ...terms.filter((r) => r.correctable && r.term.length >= 4).flatMap((r) => misspellings(r.term)),
      ...[
        'xyzzy',
        'qq',
        'a',
        'x1504',
        '9340',
        'gaming',
        'laptp',
        'ultrabooks',
        'phnoe',
        'lenvo',
        'samsnug',
        'mackbook',
      ],
    ];
    let corrected = 0;
    for (let i = 0; i < words.length; i += 12) {
      const batch = words.slice(i, i + 12);
      const expected = await inDatabase(batch);
      const answered = kept.resolve(batch);
      expect(answered).toBeDefined();
      answered!.forEach((r, j) => {
        const e = expected[j]!;
        if (r.term !== e.term) {
          // Only where the database's pick among equally close, equally common words is arbitrary.
          expect(r.similarity, `${r.word}: ${r.term} / ${e.term}`).toBe(e.similarity);
          expect(weight.get(r.term!), `${r.word}: ${r.term} / ${e.term}`).toBe(weight.get(e.term!));
          expect(r.similarity).toBeLessThan(1);
        } else {
          expect(r, r.word).toEqual(e);
        }
        if (r.term !== null && r.term !== r.word) corrected += 1;
      });
    }
    expect(corrected).toBeGreaterThan(50);
  });

  it('stops answering when the dictionary changes in any process, and answers with the new word once read again', async () => {
    await kept.read();
    expect(kept.resolve(['zorblax'])).toEqual([{ word: 'zorblax', term: null, kind: null, similarity: 0 }]);
    // Another process's write: only the trigger's notify tells this one.
    await addSearchTerms(db, { name: 'Zorblax Fold', brand: 'Quetzal' });
    await changes.sync();
    expect(kept.resolve(['zorblax'])).toBeUndefined();
    await kept.read();
    expect(kept.resolve(['zorblax', 'zorblux', 'quetzal'])).toEqual(
      await inDatabase(['zorblax', 'zorblux', 'quetzal']),
    );
    expect(kept.resolve(['zorblux'])![0]!.term).toBe('zorblax');

    await db.execute(sql`delete from search_terms where term in ('zorblax', 'quetzal')`);
    await changes.sync();
    expect(kept.resolve(['zorblax'])).toBeUndefined();
    await kept.read();
    expect(kept.resolve(['zorblax'])![0]!.term).toBeNull();
  });

  it("lists the brand and category words a prefix starts, in the order of suggestions' statement", async () => {
    await kept.read();
    const named = await queryRows<{ term: string }>(db, sql`select term from search_terms where kind <> 'name'`);
    const prefixes = new Set([
      '',
      'zz',
      ...named.flatMap(({ term }) => [1, 2, 3, term.length].map((n) => term.slice(0, n))),
    ]);
    for (const prefix of prefixes) {
      const statement = await queryRows<{ term: string; kind: string; weight: number }>(
        db,
        sql`select term, kind, weight from search_terms where kind in ('brand', 'category') and term like ${`${prefix}%`}
            order by weight desc, term limit ${MAX_SUGGESTIONS}`,
      );
      expect(kept.namedStartingWith(prefix, MAX_SUGGESTIONS), prefix).toEqual(statement);
    }
    // A new brand is listed once the dictionary is read again, and not before.
    await addSearchTerms(db, { name: 'Fold 2', brand: 'Quixotic' });
    await changes.sync();
    expect(kept.namedStartingWith('quix', MAX_SUGGESTIONS)).toBeUndefined();
    await kept.read();
    expect(kept.namedStartingWith('quix', MAX_SUGGESTIONS)).toEqual([{ term: 'quixotic', kind: 'brand', weight: 1 }]);
  });

  it('answers nothing while the feed does not hear (the database is asked instead)', async () => {
    const deaf = new CatalogueChanges(t.ctx.database, { warn: () => {} });
    const unheard = new KeptTerms(db, deaf);
    await unheard.read();
    expect(unheard.resolve(['laptop'])).toBeUndefined();
  });

  it('serves searches once registered: the same answers, without asking the database for the words', async () => {
    const queries = ['lenvo thinkpad', 'samsnug galaxy', 'iphone 15', 'gaming laptop under 80k', 'xyzzy phone'].map(
      (q) => productQuery.parse({ q }),
    );
    const now = new Date();
    const before = await Promise.all(queries.map((q) => searchUncached(db, q, now, { index: false })));
    expect(before.map((r) => r.corrected)).toContain('lenovo thinkpad');
    const typed = [['s'], ['sam'], ['lenvo'], ['dell', 'xp'], ['lap'], ['a']];
    const suggestedBefore = await Promise.all(typed.map((words) => suggestUncached(db, words)));
    expect(suggestedBefore[1]).toContain('Samsung');
    const stop = keepSearchTerms(db, changes);
    try {
      await keptSearchTerms(db)!.read();
      expect(await Promise.all(queries.map((q) => searchUncached(db, q, now, { index: false })))).toEqual(before);
      expect(await Promise.all(typed.map((words) => suggestUncached(db, words)))).toEqual(suggestedBefore);
      // A change no process hears (its trigger off): only a kept dictionary still corrects "lenvo" to "lenovo".
      await db.transaction(async (tx) => {
        await tx.execute(sql`alter table search_terms disable trigger search_terms_notify`);
        await tx.execute(sql`update search_terms set term = 'lenovo-gone' where term = 'lenovo'`);
        await tx.execute(sql`alter table search_terms enable trigger search_terms_notify`);
      });
      expect((await resolveWords(db, ['lenvo']))[0]!.term).toBe('lenovo');
      stop();
      expect((await resolveWords(db, ['lenvo']))[0]!.term).not.toBe('lenovo');
    } finally {
      stop();
      await db.execute(sql`update search_terms set term = 'lenovo' where term = 'lenovo-gone'`);
    }
  });
});
