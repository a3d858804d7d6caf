import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { findCycles } from './import-graph';

/**
 * The web app's files import one way only (ESLint's boundaries rule keeps features apart; this finds loops between
 * files, which that rule cannot see): a loop makes module initialisation order matter and splits badly into chunks.
 */

const WEB_SRC = fileURLToPath(new URL('../apps/web/src', import.meta.url));
const EXTENSIONS = ['.ts', '.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'vendor' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The file a relative import names: as written, with an extension, or its folder's index. */
function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => join(base, `index${ext}`)),
  ];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

/** Each file's imports of other files of the app (static, type-only, re-exports and dynamic ones alike). */
function readFileGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(WEB_SRC)) {
    const imports = ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName }) => resolveImport(file, fileName))
      .filter((path): path is string => path !== null && !/\.test\.tsx?$/.test(path));
    graph.set(relative(WEB_SRC, file), [...new Set(imports.map((path) => relative(WEB_SRC, path)))]);
  }
  return graph;
}

describe('web import graph', () => {
  it('reads the app: routes.tsx imports every feature', () => {
    const graph = readFileGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('routes.tsx')).toContain('features/catalog/routes.tsx');
  });

  it('has no file that imports itself back through others', () => {
    expect(findCycles(readFileGraph()).map((loop) => loop.join(' -> '))).toEqual([]);
  });
});
