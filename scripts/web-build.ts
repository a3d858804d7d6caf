/**
 * `npm start` builds the web app only when its sources changed since the last build: the build (two Vite runs) was
 * most of the 15 s from `npm start` to the first page. The build's inputs are hashed (file names and contents) and
 * the hash is kept beside the build; a build is skipped when the hash and the built files are all there.
 *
 *   npx tsx scripts/web-build.ts            # build if needed
 *   npx tsx scripts/web-build.ts --force    # build anyway (`npm run build` always builds)
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the web build reads: its own sources and config, the workspace packages it imports, the locked dependencies. */
export const BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/shared/src',
  'packages/brand-model/src',
  'package-lock.json',
];
/** Written by a successful build; the built files checked beside it. */
export const STAMP = 'apps/web/dist/.sources-hash';
const BUILT = ['apps/web/dist/index.html', 'apps/web/dist/ssr/entry-server.js'];

/** The input's files, relative to root: itself, or everything under it. */
function inputFiles(root: string, input: string): string[] {
  const full = join(root, input);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [input];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

/** A hash of every build input's path and bytes, in a stable order. */
export function sourcesHash(root: string): string {
  const hash = createHash('sha256');
  for (const path of BUILD_INPUTS.flatMap((input) => inputFiles(root, input)).sort()) {
    hash
      .update(path)
      .update('\0')
      .update(readFileSync(join(root, path)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** Whether the built web app is missing or older than its sources. */
export function needsBuild(root: string): boolean {
  if (BUILT.some((f) => !existsSync(join(root, f))) || !existsSync(join(root, STAMP))) return true;
  return readFileSync(join(root, STAMP), 'utf8').trim() !== sourcesHash(root);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (!process.argv.includes('--force') && !needsBuild(root)) {
    console.log('web app: up to date with its sources, not rebuilt');
  } else {
    const hash = sourcesHash(root);
    const built = spawnSync('npm', ['run', 'build', '-w', '@pricehub/web'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
    writeFileSync(join(root, STAMP), `${hash}\n`);
  }
}
