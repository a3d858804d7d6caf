import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import * as schema from '../../db/schema';
import { moduleUploadColumns } from '../registry';
import { declareUploadReferences, releaseUploads, UPLOAD_FILE, uploadKey, uploadNamesIn } from './references';

/**
 * Columns whose name says "image" but that can never hold one of our uploads, with why. A new column that may show
 * an upload belongs in its owner's list of upload columns (handed to media in modules/registry.ts) instead: otherwise the sweep deletes files it shows.
 */
const NOT_UPLOADS: Record<string, string> = {
  'external_store_files.file_name': 'the name an operator’s feed file had; its contents live in the row, not on disk',
  'external_store_files.uploaded_at': 'a time',
};

const IMAGE_LIKE = /image|thumb|photo|picture|logo|avatar|icon|banner|attachment|upload|file|media/i;

describe('what counts as a reference', () => {
  it('knows every column that looks like it holds an image', () => {
    const registered = new Set(moduleUploadColumns.map((c) => `${getTableName(c.table)}.${c.name}`));
    const unclassified: string[] = [];
    for (const value of Object.values(schema)) {
      if (!is(value, PgTable)) continue;
      for (const column of Object.values(getTableColumns(value))) {
        const name = `${getTableName(value)}.${column.name}`;
        if (IMAGE_LIKE.test(column.name) && !registered.has(name) && !(name in NOT_UPLOADS)) unclassified.push(name);
      }
    }
    expect(unclassified, "add these to their owner's upload columns (or NOT_UPLOADS, saying why)").toEqual([]);
    expect([...registered]).toEqual(
      expect.arrayContaining([
        'products.image',
        'products.thumbnail',
        'listings.image',
        'listings.thumbnail',
        'order_lines.image',
        'offers.image',
        'blogs.content',
        'blogs.html',
      ]),
    );
  });

  it('keeps every upload while no owner has declared its columns', async () => {
    const deleted: string[] = [];
    const ctx = { storage: { delete: async (key: string) => void deleted.push(key) } } as unknown as AppContext;
    declareUploadReferences([]);
    try {
      expect(await releaseUploads(ctx, ['mf3k2x1a-0123456789abcdef'])).toEqual([]);
      expect(deleted).toEqual([]);
    } finally {
      declareUploadReferences(moduleUploadColumns);
    }
  });

  it('finds upload names however the URL is written, and nothing else', () => {
    const a = 'mf3k2x1a-0123456789abcdef';
    const b = 'mf3k2x1b-fedcba9876543210';
    expect(
      uploadNamesIn(
        `/uploads/${a}.webp`,
        `![shop](https://pricehub.example/uploads/${b}-thumb.webp?v=2) and /uploads/${a}-thumb.webp`,
        '/uploads/demo/laptop.svg',
        'https://shop.example/img/photo.webp',
        null,
      ).sort(),
    ).toEqual([a, b]);
    expect(uploadKey(a)).toBe('0123456789abcdef');
  });

  it('treats only the files the upload route writes as uploads', () => {
    for (const file of ['mf3k2x1a-0123456789abcdef.webp', 'mf3k2x1a-0123456789abcdef-thumb.webp']) {
      expect(UPLOAD_FILE.test(file), file).toBe(true);
    }
    for (const file of [
      'laptop.svg',
      'notes.txt',
      '../mf3k2x1a-0123456789abcdef.webp',
      'demo/mf3k2x1a-0123456789abcdef.webp',
      'mf3k2x1a-0123456789abcdef.webp.bak',
      'MF3K2X1A-0123456789ABCDEF.webp',
      'mf3k2x1a-0123456789abcde.webp',
    ]) {
      expect(UPLOAD_FILE.test(file), file).toBe(false);
    }
  });
});
