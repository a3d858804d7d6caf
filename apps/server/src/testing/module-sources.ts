import { readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The modules' folder (`src/modules`), which the architecture tests read. */
export const MODULES = join(dirname(fileURLToPath(import.meta.url)), '..', 'modules');

/** Every module source file under `dir` (tests left out; test fixtures too when `withFixtures` is false). */
export function moduleSourceFiles(dir = MODULES, { withFixtures = true } = {}): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return moduleSourceFiles(path, { withFixtures });
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return [];
    return withFixtures || entry.name !== 'test-fixtures.ts' ? [path] : [];
  });
}

/** The module a path belongs to (its first folder under modules/), or null outside a module folder (registry.ts). */
export function moduleOf(path: string): string | null {
  const parts = relative(MODULES, path).split(sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0]! : null;
}
