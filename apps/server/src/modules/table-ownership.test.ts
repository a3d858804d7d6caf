import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { moduleOf, moduleSourceFiles, MODULES } from '../testing/module-sources';

/**
 * Every table has one owner module, whose repository holds its SQL; other modules reach its rows through the
 * owner's exported functions (decision 023). This reads each module's code (tests and test fixtures left out) for
 * the tables it touches, through Drizzle table symbols imported from db/schema or table names in `sql` text
 * (from / join / update / into), and fails naming each file that touches another module's table.
 */

const SCHEMA = resolve(MODULES, '../db/schema.ts');

/** The module that owns each table. Infrastructure tables belong to no module: `db`, `http` and `jobs` keep them. */
const OWNERS: Record<string, string> = {
  accounts: 'accounts',
  sessions: 'auth',
  password_resets: 'auth',
  rate_limits: 'http',
  stores: 'accounts',
  products: 'catalog',
  listings: 'catalog',
  product_redirects: 'catalog',
  product_aliases: 'catalog',
  product_facet_counts: 'catalog',
  search_terms: 'catalog',
  search_misses: 'catalog',
  product_views: 'catalog',
  match_decisions: 'catalog',
  data_migrations: 'db',
  external_stores: 'offers',
  external_store_files: 'offers',
  external_store_runs: 'offers',
  offers: 'offers',
  price_points: 'offers',
  price_alerts: 'prices',
  reviews: 'reviews',
  review_reports: 'reviews',
  cart_items: 'cart',
  // The wishlist and the compare list are one shape with one repository (wishlist/repository.ts).
  wishlist_items: 'wishlist',
  compare_items: 'wishlist',
  wishlist_alert_states: 'wishlist',
  unsubscribe_tokens: 'wishlist',
  payments: 'orders',
  orders: 'orders',
  order_lines: 'orders',
  returns: 'orders',
  notifications: 'notifications',
  customer_notifications: 'notifications',
  sales: 'sales',
  sale_products: 'sales',
  promos: 'promos',
  complaints: 'complaints',
  complaint_escalations: 'complaints',
  blogs: 'blogs',
  mail_outbox: 'mail',
  audit_log: 'operator',
  jobs: 'jobs',
};

/**
 * Modules that still touch other modules' tables, each with the tables and what ends it. Remove a table (or the
 * module) when its last use is gone: the test fails until you do, so the list can only shrink. Never add one to make
 * new code pass: give the owner a function (its repository, or a new `queries.ts`) instead.
 */
const KNOWN: Record<string, { tables: string[]; ends: string }> = {};

/** Drizzle's table symbols in db/schema.ts, each with its table's name. */
function schemaTables(): Map<string, string> {
  const text = readFileSync(SCHEMA, 'utf8');
  return new Map([...text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map((m) => [m[1]!, m[2]!]));
}

const SQL_TABLE = /\b(?:from|join|update|into)\s+([a-z_][a-z0-9_]*)/gi;

/** The literal text of `sql` templates and of `sql.raw(...)` arguments: where a module writes its SQL. */
function sqlTexts(source: ts.SourceFile): string[] {
  const texts: string[] = [];
  const literalText = (node: ts.Node) => {
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) texts.push(node.text);
    else if (ts.isTemplateExpression(node)) {
      texts.push(node.head.text, ...node.templateSpans.map((span) => span.literal.text));
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') literalText(node.template);
    if (ts.isCallExpression(node) && node.expression.getText(source) === 'sql.raw') node.arguments.forEach(literalText);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/** The tables one file touches: Drizzle symbols it imports from db/schema, and tables named in its SQL. */
function tablesTouched(file: string, text: string, symbols: Map<string, string>): Set<string> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const touched = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (resolve(dirname(file), `${statement.moduleSpecifier.text}.ts`) !== SCHEMA) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const table = symbols.get((element.propertyName ?? element.name).text);
      if (table) touched.add(table);
    }
  }
  const tableNames = new Set(symbols.values());
  for (const sqlText of sqlTexts(source)) {
    for (const [, name] of sqlText.matchAll(SQL_TABLE)) if (tableNames.has(name!)) touched.add(name!);
  }
  return touched;
}

interface Trespass {
  module: string;
  file: string;
  table: string;
}

const where = (t: Trespass) => `${t.file} -> ${t.table} (owned by ${OWNERS[t.table]})`;

/** Every place where a module's file touches a table another module owns. */
function trespasses(symbols: Map<string, string>): Trespass[] {
  return moduleSourceFiles(MODULES, { withFixtures: false }).flatMap((path) => {
    const module = moduleOf(path);
    if (!module) return [];
    const file = relative(MODULES, path).split(sep).join('/');
    return [...tablesTouched(path, readFileSync(path, 'utf8'), symbols)]
      .filter((table) => OWNERS[table] !== module)
      .map((table) => ({ module, file, table }));
  });
}

describe('table ownership', () => {
  it('gives every table in db/schema.ts one owner', () => {
    const tables = [...schemaTables().values()].sort();
    expect(tables.filter((t) => !(t in OWNERS))).toEqual([]);
    expect(Object.keys(OWNERS).filter((t) => !tables.includes(t))).toEqual([]);
  });

  it('reads the tables a file touches from its schema imports and its SQL, not from prose', () => {
    const symbols = new Map(['orders', 'payments', 'returns', 'reviews', 'stores'].map((t) => [t, t]));
    const file = join(MODULES, 'example/repository.ts');
    const text = [
      "import { reviews } from '../../db/schema';",
      "import { returns } from '../orders/repository';",
      '// Reads from payments, joins returns: prose, not SQL.',
      "const q = sql`select 1 from accounts a join orders o on o.customer_id = a.id where ${sql.raw('true')}`;",
      "const r = sql.raw('update stores set status = 1');",
    ].join('\n');
    expect([...tablesTouched(file, text, symbols)].sort()).toEqual(['orders', 'reviews', 'stores']);
  });

  it("has no module touching another module's tables", () => {
    const found = trespasses(schemaTables());
    const known = (t: Trespass) => KNOWN[t.module]?.tables.includes(t.table) ?? false;
    expect(found.filter((t) => !known(t)).map(where)).toEqual([]);
    // A known trespass that has ended must leave the list.
    const ended = Object.entries(KNOWN).flatMap(([module, { tables }]) =>
      tables
        .filter((table) => !found.some((t) => t.module === module && t.table === table))
        .map((t) => `${module} -> ${t}`),
    );
    expect(ended).toEqual([]);
  });
});
