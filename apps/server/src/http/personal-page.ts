import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A signed-in customer's page is the page kept for everyone with a few places filled in with their own parts (their
 * header, their answers; decision 025). Compressing the whole page again for every such request cost more than
 * everything else the request did (about 0.6 ms of gzip for 60 KB of HTML). So the shared text between the places is
 * compressed once per kept page, and each request compresses only its own parts and joins the pieces into one gzip
 * stream (decision 030).
 *
 * How the pieces join: each is a raw DEFLATE stream ended with a sync flush (byte-aligned, not final), except the
 * last, which is finished. A piece refers back only into its own bytes, so the pieces read one after another are one
 * valid DEFLATE stream. The gzip trailer's CRC-32 of the whole text is combined from the pieces' CRCs.
 */

/** [start, end) of the shared HTML (string indices) that a customer's own part replaces, in order, not overlapping. */
export type Place = readonly [number, number];

interface Piece {
  deflated: Buffer;
  crc: number;
  bytes: number;
}

/** The shared text around the places, compressed: one piece more than there are places. */
export interface SharedPieces {
  places: readonly Place[];
  pieces: Piece[];
  /** What everyone (a visitor) sees in each place: with it the pieces are the shared page's own gzip form. */
  everyone: readonly string[];
}

function deflated(text: string, final: boolean, level: number): Piece {
  const raw = Buffer.from(text);
  return {
    deflated: deflateRawSync(raw, { level, finishFlush: final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH }),
    crc: crc32(raw),
    bytes: raw.length,
  };
}

/**
 * The shared pieces' compression level. They are made whenever a page is drawn for everyone (web-app.ts), and most
 * pages of a large catalogue are drawn for crawlers and seldom seen by signed-in shoppers. For a 52 KB product page,
 * level 3 took 0.16 ms and made 8.9 KB; level 6 took 0.51 ms for 7.9 KB.
 */
const SHARED_LEVEL = 3;

/** Compresses the shared text around `places` (done once per kept page). */
export function sharedPieces(html: string, places: readonly Place[]): SharedPieces {
  let from = 0;
  const texts: string[] = [];
  for (const [start, end] of places) {
    if (start < from || end < start || end > html.length) throw new Error(`bad personal place [${start}, ${end})`);
    texts.push(html.slice(from, start));
    from = end;
  }
  texts.push(html.slice(from));
  return {
    places,
    pieces: texts.map((text, i) => deflated(text, i === texts.length - 1, SHARED_LEVEL)),
    everyone: places.map(([start, end]) => html.slice(start, end)),
  };
}

/** The bytes the pieces hold. */
export function sharedBytes(shared: SharedPieces): number {
  return shared.pieces.reduce((sum, p) => sum + p.deflated.length, 0) + shared.everyone.join('').length;
}

/** CRC-32's polynomial, bits reversed as the register holds them. */
const POLY = 0xedb88320;

/** a(x) * b(x) modulo CRC-32's polynomial, both reflected as CRC-32 holds them (zlib's multmodp). */
function multmodp(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  let factor = b;
  for (;;) {
    if (a & m) {
      p ^= factor;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    factor = factor & 1 ? (factor >>> 1) ^ POLY : factor >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const X_POW_2K: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++, p = multmodp(p, p)) X_POW_2K.push(p);

/** x^(8 · bytes) modulo the polynomial: what shifting a CRC register over `bytes` bytes multiplies it by. */
function shiftOver(bytes: number): number {
  let p = 0x80000000;
  for (let n = bytes, k = 3; n > 0; n = Math.floor(n / 2), k++) if (n % 2) p = multmodp(X_POW_2K[k % 32]!, p);
  return p;
}

/**
 * CRC-32(A then B) from CRC-32(A), CRC-32(B) and B's length, as zlib's crc32_combine: A's CRC carried over B's length
 * (a multiplication by x^(8 · length), worked out in log(length) steps), XOR B's own. Carrying it by running the CRC
 * over that many zero bytes took 190 µs for a 60 KB piece, on every signed-in page.
 */
export function combinedCrc(crcA: number, crcB: number, bytesB: number): number {
  return (multmodp(shiftOver(bytesB), crcA) ^ crcB) >>> 0;
}

/**
 * Raw bytes as one DEFLATE stored block (not final): no compressor is set up, which for a few hundred bytes costs more
 * than the bytes saved. A stored block starts on a byte boundary, where every piece before it ends, and holds up to
 * 65,535 bytes: a part stored is under COMPRESS_PART_FROM characters, at most three bytes each.
 */
function stored(text: string): Piece {
  const raw = Buffer.from(text);
  const head = Buffer.alloc(5);
  head.writeUInt16LE(raw.length, 1);
  head.writeUInt16LE(~raw.length & 0xffff, 3);
  return { deflated: Buffer.concat([head, raw]), crc: crc32(raw), bytes: raw.length };
}

/** Parts this long are compressed, and kept by their text: a shopper's header is the same on every page they open. */
const COMPRESS_PART_FROM = 1024;
const partsKept = new Map<string, Piece>();
const PARTS_KEPT = 1000;

function partPiece(text: string): Piece {
  if (text.length < COMPRESS_PART_FROM) return stored(text);
  let piece = partsKept.get(text);
  if (!piece) {
    piece = deflated(text, false, 6);
    partsKept.set(text, piece);
    if (partsKept.size > PARTS_KEPT) partsKept.delete(partsKept.keys().next().value!);
  }
  return piece;
}

/** The whole page, gzip-compressed: the shared pieces as kept, and `parts` (one per place) put between them. */
export function personalGzip(shared: SharedPieces, parts: readonly string[]): Buffer {
  if (parts.length !== shared.places.length) throw new Error('one personal part per place');
  const pieces: Piece[] = [];
  shared.pieces.forEach((piece, i) => {
    if (i > 0) pieces.push(partPiece(parts[i - 1]!));
    pieces.push(piece);
  });
  let crc = 0;
  let bytes = 0;
  for (const piece of pieces) {
    crc = bytes === 0 ? piece.crc : combinedCrc(crc, piece.crc, piece.bytes);
    bytes += piece.bytes;
  }
  const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(bytes % 2 ** 32, 4);
  return Buffer.concat([header, ...pieces.map((p) => p.deflated), trailer]);
}

/** The whole page as text, for a client that takes no gzip. */
export function personalHtml(html: string, places: readonly Place[], parts: readonly string[]): string {
  let out = '';
  let from = 0;
  places.forEach(([start, end], i) => {
    out += html.slice(from, start) + parts[i];
    from = end;
  });
  return out + html.slice(from);
}
