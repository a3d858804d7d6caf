import type { Readable } from 'node:stream';

/** One stored file as read back: its bytes as a stream and their count. */
export interface StoredFile {
  body: Readable;
  size: number;
}

export interface ListedFile {
  key: string;
  modifiedAt: Date;
}

/**
 * Where uploaded files are kept, by key: a plain file name (`<name>.webp`), never a path. Folders (the demo images)
 * and links are not files here: `list` never shows them and `get` never follows them.
 */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; one already gone is fine. */
  delete(key: string): Promise<void>;
  /** Every file at the top level, in no particular order. */
  list(): AsyncIterable<ListedFile>;
}

const KEY = /^[\w][\w.-]*$/;

/** Keys come from our own code; one with a slash or a leading dot is a bug, never a path to follow. */
export function assertKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a storage key: ${key}`);
  return key;
}
