import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertKey, type FileStorage } from './file-storage';

/** An S3 bucket, at AWS or at any S3-compatible server (MinIO, Ceph, R2, Garage…) named by `endpoint`. */
export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Address the bucket in the path (`host/bucket/key`) rather than in the host name (`bucket.host/key`). */
  forcePathStyle: boolean;
}

/** S3 answers 404 for a missing key on GET; some compatible servers do on DELETE too. */
const isNotFound = (error: unknown) => error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;

/** Files as objects at the top of one bucket, under the same keys as on disk. */
export function s3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Static keys: the SDK never goes looking for others (environment, profiles, the instance metadata service).
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: some S3-compatible servers refuse the SDK's default CRC32 headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: assertKey(key), Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: assertKey(key) })).catch((error) => {
        if (isNotFound(error)) return null;
        throw error;
      });
      if (!answer) return null;
      // In Node the SDK hands over the HTTP response itself, a Readable that S3 always sends with its length.
      if (!(answer.Body instanceof Readable) || answer.ContentLength === undefined) {
        throw new Error(`S3 answered GET ${key} without a body or its length`);
      }
      return { body: answer.Body, size: answer.ContentLength };
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertKey(key) })).catch((error) => {
        if (!isNotFound(error)) throw error;
      });
    },
    async *list() {
      // The delimiter keeps "folders" out: their keys come back as common prefixes, which are not files.
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Delimiter: '/' })) {
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) yield { key: object.Key, modifiedAt: object.LastModified };
        }
      }
    },
  };
}
