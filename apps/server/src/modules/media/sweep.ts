import type { AppContext } from '../../context';
import { allMentionedKeys, removeUpload, UPLOAD_FILE, uploadKey } from './references';

/**
 * How long an upload nothing mentions is kept: the seller who uploaded a photo has this long to save the form that
 * shows it.
 */
export const UPLOAD_GRACE_MS = 60 * 60 * 1000;

/**
 * Deletes the uploads that no row mentions and whose files are all older than the grace period. Only files the
 * upload route names (`<name>.webp`, `<name>-thumb.webp`) at the top of the storage are considered: never a folder
 * (the demo images), a link or another file. Returns the names deleted.
 */
export async function sweepUploads(
  ctx: AppContext,
  { graceMs = UPLOAD_GRACE_MS, now = Date.now() }: { graceMs?: number; now?: number } = {},
): Promise<string[]> {
  // An upload is old when every one of its files is: a fresh thumbnail keeps its large image too.
  const old = new Map<string, boolean>();
  for await (const file of ctx.storage.list()) {
    const match = UPLOAD_FILE.exec(file.key);
    if (!match) continue;
    const isOld = file.modifiedAt.getTime() < now - graceMs;
    old.set(match[1]!, (old.get(match[1]!) ?? true) && isOld);
  }
  const candidates = [...old].filter(([, isOld]) => isOld).map(([name]) => name);
  if (candidates.length === 0) return [];
  // Read after the files were listed: a row written meanwhile is seen, so its file stays.
  const mentioned = await allMentionedKeys(ctx.db);
  const gone = candidates.filter((name) => !mentioned.has(uploadKey(name)));
  for (const name of gone) await removeUpload(ctx.storage, name);
  return gone;
}
