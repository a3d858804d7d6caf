import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assertKey, type FileStorage } from './file-storage';

/** The answer when a path is not there (or, for `get`, is a link: ELOOP under O_NOFOLLOW); other errors go on. */
const unless =
  (codes: string[]) =>
  <T>(fallback: T) =>
  (error: NodeJS.ErrnoException): T => {
    if (error.code && codes.includes(error.code)) return fallback;
    throw error;
  };
const ifMissing = unless(['ENOENT']);
const ifNotAFile = unless(['ENOENT', 'ELOOP', 'ENOTDIR']);

/** Files in one folder on this machine (DATA_DIR/uploads): the default, and where every earlier upload already is. */
export function diskStorage(root: string): FileStorage {
  const pathOf = (key: string) => join(root, assertKey(key));
  return {
    kind: 'disk',
    async put(key, bytes) {
      await mkdir(root, { recursive: true });
      await writeFile(pathOf(key), bytes);
    },
    async get(key) {
      const handle = await open(pathOf(key), constants.O_RDONLY | constants.O_NOFOLLOW).catch(ifNotAFile(null));
      if (!handle) return null;
      const stats = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      // A folder opens too; the stream closes the handle when it ends or is dropped.
      if (stats.isFile()) return { body: handle.createReadStream(), size: stats.size };
      await handle.close();
      return null;
    },
    async delete(key) {
      await unlink(pathOf(key)).catch(ifMissing(undefined));
    },
    async *list() {
      const entries = await readdir(root, { withFileTypes: true }).catch(ifMissing([]));
      for (const entry of entries) {
        // Dirent.isFile() is false for folders and links alike.
        if (!entry.isFile()) continue;
        const stats = await lstat(join(root, entry.name)).catch(ifMissing(null));
        if (stats?.isFile()) yield { key: entry.name, modifiedAt: stats.mtime };
      }
    },
  };
}
