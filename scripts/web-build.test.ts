import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { needsBuild, sourcesHash, STAMP } from './web-build';

function checkout(): { root: string; write: (path: string, text: string) => void } {
  const root = mkdtempSync(join(tmpdir(), 'pricehub-web-build-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('apps/web/src/main.tsx', 'render()');
  write('packages/shared/src/money.ts', 'export const fee = 200;');
  write('apps/web/vite.config.ts', 'export default {}');
  return { root, write };
}

describe('npm start builds the web app only when its sources changed', () => {
  it('builds when nothing was built, and not again until a source changes', () => {
    const { root, write } = checkout();
    expect(needsBuild(root)).toBe(true);
    write('apps/web/dist/index.html', '<html></html>');
    write('apps/web/dist/ssr/entry-server.js', 'export function render() {}');
    write(STAMP, sourcesHash(root));
    expect(needsBuild(root)).toBe(false);
    write('packages/shared/src/money.ts', 'export const fee = 250;');
    expect(needsBuild(root)).toBe(true);
  });

  it('counts a new file and a renamed one as a change, and ignores files outside the inputs', () => {
    const { root, write } = checkout();
    const before = sourcesHash(root);
    write('apps/server/src/app.ts', 'server code');
    expect(sourcesHash(root)).toBe(before);
    write('apps/web/src/new-page.tsx', 'page');
    expect(sourcesHash(root)).not.toBe(before);
  });

  it('builds again when the built files are gone though the stamp says they are current', () => {
    const { root, write } = checkout();
    write('apps/web/dist/index.html', '<html></html>');
    write(STAMP, sourcesHash(root));
    expect(needsBuild(root)).toBe(true);
  });
});
