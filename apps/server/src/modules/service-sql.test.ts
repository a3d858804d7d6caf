import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A module's SQL lives in its repository.ts; its service calls the repository and writes no SQL (CONTRIBUTING,
 * decision 023). In every folder under modules/ that has a repository.ts, this reads service.ts and *-service.ts for
 * `sql` templates, `sql.raw(...)` and Drizzle query builder calls on a database or transaction (`db.select(`,
 * `ctx.db.insert(`, `tx.update(`, `tx.delete(`), and fails naming the file and line of each.
 */

const MODULES = dirname(fileURLToPath(import.meta.url));

/** Drizzle's query builders: the calls that write SQL as surely as a template does. */
const BUILDERS = new Set(['select', 'selectDistinct', 'selectDistinctOn', 'insert', 'update', 'delete']);

/** A database handle as services name it: `db`, `tx`, or a property `….db` (`ctx.db`). */
function isDatabase(node: ts.Expression): boolean {
  if (ts.isIdentifier(node)) return node.text === 'db' || node.text === 'tx';
  return ts.isPropertyAccessExpression(node) && node.name.text === 'db';
}

/** Folders under modules/ (at any depth) that have a repository.ts. */
function repositoryFolders(dir: string): string[] {
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => repositoryFolders(join(dir, entry.name)));
  return existsSync(join(dir, 'repository.ts')) ? [dir, ...folders] : folders;
}

/** A folder's service files: service.ts and *-service.ts (a test, *.test.ts, never matches). */
function serviceFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name === 'service.ts' || name.endsWith('-service.ts'))
    .map((name) => join(dir, name));
}

/** Each place in `text` where it writes SQL, as `file:line: what`. */
function sqlWritten(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${file}:${line + 1}: ${what}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') report(node, 'sql`…`');
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const { expression: receiver, name } = node.expression;
      if (name.text === 'raw' && receiver.getText(source) === 'sql') report(node, 'sql.raw(…)');
      if (BUILDERS.has(name.text) && isDatabase(receiver)) report(node, `${receiver.getText(source)}.${name.text}(…)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('services write no SQL where their folder has a repository', () => {
  it('finds sql templates, sql.raw and query builder calls, naming file and line, and not prose or strings', () => {
    const text = [
      '// A comment about sql`select 1` and db.select(): prose, not SQL.',
      "const words = 'tx.update(orders)';",
      'const a = sql`select 1`;',
      'const b = sql<number>`select 2`;',
      "const c = sql.raw('select 3');",
      'await ctx.db.select().from(orders);',
      'await tx.insert(orders).values(row);',
      'await db.update(orders).set(row);',
      'await tx.delete(orders);',
      'const d = list.select(x); map.delete(key);',
    ].join('\n');
    expect(sqlWritten('example/service.ts', text)).toEqual([
      'example/service.ts:3: sql`…`',
      'example/service.ts:4: sql`…`',
      'example/service.ts:5: sql.raw(…)',
      'example/service.ts:6: ctx.db.select(…)',
      'example/service.ts:7: tx.insert(…)',
      'example/service.ts:8: db.update(…)',
      'example/service.ts:9: tx.delete(…)',
    ]);
  });

  it('reads the service files of the folders with a repository', () => {
    const files = repositoryFolders(MODULES).flatMap(serviceFiles);
    const names = files.map((path) => relative(MODULES, path).split(sep).join('/'));
    expect(names).toEqual(expect.arrayContaining(['catalog/service.ts', 'orders/checkout/service.ts']));
  });

  it('has no service writing SQL beside its repository', () => {
    const found = repositoryFolders(MODULES)
      .flatMap(serviceFiles)
      .flatMap((path) => sqlWritten(relative(MODULES, path).split(sep).join('/'), readFileSync(path, 'utf8')));
    expect(found).toEqual([]);
  });
});
