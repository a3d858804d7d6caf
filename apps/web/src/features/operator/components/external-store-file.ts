import { z } from 'zod';
import { EXTERNAL_UPLOAD_MAX_BYTES, externalStoreMessages } from '@pricehub/shared/schemas/operator-external-stores';

/** The files a store's feed comes in (CSV, or a Google Merchant feed in XML), for a file picker's `accept`. */
export const FEED_FILE_TYPES = '.csv,.tsv,.txt,.xml,.rss,text/csv,application/xml,text/xml';

/** A picked feed file, checked before it is sent by the upload's own limit. */
export const feedFile = z
  .custom<File>((value) => value instanceof File, externalStoreMessages.fileRequired)
  .refine((file) => file.size <= EXTERNAL_UPLOAD_MAX_BYTES, externalStoreMessages.fileTooLarge);
