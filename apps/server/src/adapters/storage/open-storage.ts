import { join } from 'node:path';
import type { Config } from '../../config';
import { diskStorage } from './disk';
import type { FileStorage } from './file-storage';

/** Where uploads live on disk: DATA_DIR/uploads, served at /uploads/ (the seed's demo images sit in its `demo/`). */
export const uploadsDirOf = (dataDir: string) => join(dataDir, 'uploads');

/** The storage the configuration names; the S3 SDK (about 0.2 s to load) is loaded only when it is chosen. */
export async function openStorage(config: Pick<Config, 'storage' | 'dataDir'>): Promise<FileStorage> {
  if (config.storage.kind === 's3') {
    const { s3Storage } = await import('./s3');
    return s3Storage(config.storage);
  }
  return diskStorage(uploadsDirOf(config.dataDir));
}
