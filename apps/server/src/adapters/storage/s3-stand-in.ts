import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInObject {
  body: Buffer;
  contentType: string;
  modifiedAt: Date;
}

export interface S3StandIn {
  /** http://127.0.0.1:<port>, for S3_ENDPOINT. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  /** The bucket's contents by key, for tests to read and arrange. */
  objects: Map<string, StandInObject>;
  /** Every request as "METHOD /path?query", in order. */
  requests: string[];
  close(): Promise<void>;
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const etagOf = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;

function sendError(res: ServerResponse, status: number, code: string, withBody = true): void {
  res.writeHead(status, withBody ? { 'content-type': 'application/xml' } : {});
  res.end(withBody ? `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>` : undefined);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * ListObjectsV2 over the stand-in's keys: prefix, delimiter (keys below it come back once, as a common prefix),
 * pages of at most `pageSize` entries with an opaque continuation token, as S3 does.
 */
function listPage(objects: Map<string, StandInObject>, bucket: string, query: URLSearchParams, pageSize: number) {
  const prefix = query.get('prefix') ?? '';
  const delimiter = query.get('delimiter') ?? '';
  const after = Buffer.from(query.get('continuation-token') ?? '', 'base64url').toString();
  const max = Math.min(Number(query.get('max-keys') ?? 1000), pageSize);
  const entries: { key?: string; prefix?: string; name: string }[] = [];
  for (const key of [...objects.keys()].filter((k) => k.startsWith(prefix)).sort()) {
    const cut = delimiter ? key.indexOf(delimiter, prefix.length) : -1;
    const name = cut === -1 ? key : key.slice(0, cut + delimiter.length);
    if (entries.at(-1)?.name === name) continue;
    entries.push(cut === -1 ? { key, name } : { prefix: name, name });
  }
  const rest = entries.filter((e) => e.name > after);
  const page = rest.slice(0, max);
  const truncated = rest.length > page.length;
  const contents = page
    .filter((e) => e.key !== undefined)
    .map((e) => {
      const object = objects.get(e.key!)!;
      return (
        `<Contents><Key>${xml(e.key!)}</Key><LastModified>${object.modifiedAt.toISOString()}</LastModified>` +
        `<ETag>${xml(etagOf(object.body))}</ETag><Size>${object.body.length}</Size>` +
        `<StorageClass>STANDARD</StorageClass></Contents>`
      );
    });
  const prefixes = page
    .filter((e) => e.prefix !== undefined)
    .map((e) => `<CommonPrefixes><Prefix>${xml(e.prefix!)}</Prefix></CommonPrefixes>`);
  const next = truncated
    ? `<NextContinuationToken>${Buffer.from(page.at(-1)!.name).toString('base64url')}</NextContinuationToken>`
    : '';
  return (
    `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
    `<Name>${xml(bucket)}</Name><Prefix>${xml(prefix)}</Prefix><Delimiter>${xml(delimiter)}</Delimiter>` +
    `<MaxKeys>${max}</MaxKeys><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>` +
    `${contents.join('')}${prefixes.join('')}${next}</ListBucketResult>`
  );
}

/**
 * A stand-in for an S3-compatible server on 127.0.0.1, so the real SDK is tested without the internet: one bucket,
 * path-style addresses, and the calls the storage adapter makes (PutObject, GetObject, HeadObject, DeleteObject,
 * ListObjectsV2). A request not signed with `accessKeyId` is refused, as is a chunked upload it cannot read.
 */
export async function startS3StandIn({
  bucket = 'pricehub-test',
  accessKeyId = 'STANDINKEY',
  pageSize = 1000,
}: { bucket?: string; accessKeyId?: string; pageSize?: number } = {}): Promise<S3StandIn> {
  const objects = new Map<string, StandInObject>();
  const requests: string[] = [];

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    requests.push(`${method} ${url.pathname}${url.search}`);
    if (!req.headers.authorization?.includes(`Credential=${accessKeyId}/`))
      return sendError(res, 403, 'InvalidAccessKeyId');
    const [, first = '', ...rest] = url.pathname.split('/');
    if (decodeURIComponent(first) !== bucket) return sendError(res, 404, 'NoSuchBucket');
    const key = rest.map(decodeURIComponent).join('/');

    if (!key) {
      if (method !== 'GET' || url.searchParams.get('list-type') !== '2') return sendError(res, 501, 'NotImplemented');
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end(listPage(objects, bucket, url.searchParams, pageSize));
    }
    switch (method) {
      case 'PUT': {
        if (String(req.headers['x-amz-content-sha256']).startsWith('STREAMING-')) {
          return sendError(res, 501, 'NotImplemented');
        }
        const body = await readBody(req);
        const contentType = req.headers['content-type'] ?? 'application/octet-stream';
        objects.set(key, { body, contentType, modifiedAt: new Date() });
        res.writeHead(200, { etag: etagOf(body) });
        return res.end();
      }
      case 'GET':
      case 'HEAD': {
        const object = objects.get(key);
        if (!object) return sendError(res, 404, 'NoSuchKey', method === 'GET');
        res.writeHead(200, {
          'content-type': object.contentType,
          'content-length': object.body.length,
          'last-modified': object.modifiedAt.toUTCString(),
          etag: etagOf(object.body),
        });
        return res.end(method === 'GET' ? object.body : undefined);
      }
      case 'DELETE':
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      default:
        return sendError(res, 501, 'NotImplemented');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    objects,
    requests,
    close: () =>
      new Promise((resolve) => {
        // The SDK keeps its connections alive; close them rather than wait for them.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
