import { crc32, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { combinedCrc, personalGzip, personalHtml, sharedPieces, type Place } from './personal-page';

const OPEN = '<div class="personal-slot">';

/** A page as the server keeps it: multi-byte text, a slot in its header, a body end for the shopper's answers. */
function page(repeat: number): { html: string; places: Place[] } {
  const html =
    `<!doctype html><html><body><header>PriceHub ${OPEN}<a>Sign in</a></div></header>` +
    '<main>' +
    'Galaxy S24 · Rs 2,49,999 — “in stock” ✓ '.repeat(repeat) +
    '</main></body></html>';
  const open = html.indexOf(OPEN) + OPEN.length;
  const bodyEnd = html.lastIndexOf('</body>');
  return {
    html,
    places: [
      [open, html.indexOf('</div></header>')],
      [bodyEnd, bodyEnd],
    ],
  };
}

describe("a shopper's own page from the kept page's compressed pieces", () => {
  it('is one gzip stream a browser reads as the page with their parts put in', () => {
    for (const repeat of [0, 3, 5_000]) {
      const { html, places } = page(repeat);
      const parts = ['<a>Zoë Ähmed</a><b>3</b>', '<script type="application/json">{"name":"Zoë"}</script>\n  '];
      const body = gunzipSync(personalGzip(sharedPieces(html, places), parts)).toString();
      expect(body).toBe(personalHtml(html, places, parts));
      expect(body).toContain(`${OPEN}<a>Zoë Ähmed</a><b>3</b></div></header>`);
      expect(body).not.toContain('Sign in');
      expect(body.endsWith('\n  </body></html>')).toBe(true);
    }
  });

  it('carries parts of any size: short ones as they are, long ones compressed', () => {
    const { html, places } = page(10);
    for (const size of [1, 1023, 1024, 70_000]) {
      const parts = ['ü'.repeat(size), 'x'.repeat(size)];
      expect(gunzipSync(personalGzip(sharedPieces(html, places), parts)).toString()).toBe(
        personalHtml(html, places, parts),
      );
    }
  });

  it('handles places at either end of the page and empty parts', () => {
    const html = 'abcdéfgh';
    const places: Place[] = [
      [0, 1],
      [4, 4],
      [8, 8],
    ];
    const shared = sharedPieces(html, places);
    expect(gunzipSync(personalGzip(shared, ['X', '', 'Z'])).toString()).toBe('XbcdéfghZ');
    expect(gunzipSync(personalGzip(shared, ['', '→', ''])).toString()).toBe('bcd→éfgh');
  });

  it('compresses the shared text once: a request adds little more than its own parts', () => {
    const { html, places } = page(5_000);
    const parts = ['<a>Ayesha</a>', '<script>{}</script>'];
    const stitched = personalGzip(sharedPieces(html, places), parts).length;
    const whole = gzipSync(personalHtml(html, places, parts), { level: 3 }).length;
    // Each piece starts its own dictionary, so a few hundred bytes more than the page gzipped whole at the pieces' level,
    // never a copy.
    expect(stitched).toBeLessThan(whole + 400);
  });

  it('refuses places that overlap or fall outside the page', () => {
    expect(() => sharedPieces('abcdef', [[3, 2]])).toThrow();
    expect(() =>
      sharedPieces('abcdef', [
        [2, 4],
        [3, 5],
      ]),
    ).toThrow();
    expect(() => sharedPieces('abcdef', [[4, 9]])).toThrow();
    expect(() => personalGzip(sharedPieces('abcdef', [[1, 2]]), ['x', 'y'])).toThrow();
  });
});

describe('combinedCrc', () => {
  it('is the CRC-32 of two texts one after the other, from their own CRCs', () => {
    const a = Buffer.from('kept page head ✓');
    for (const b of [Buffer.alloc(0), Buffer.from('x'), Buffer.alloc(200_000, 'é')]) {
      expect(combinedCrc(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    }
  });

  it('holds for pieces of every size, odd and past 64 KB, after an empty or any first piece', () => {
    const text = (bytes: number, seed: number) =>
      Buffer.from(Array.from({ length: bytes }, (_, i) => (i * 31 + seed) % 251));
    for (const first of [text(0, 0), text(1, 7), text(1_000, 3)]) {
      for (const bytes of [1, 2, 3, 7, 255, 256, 1_023, 65_535, 65_536, 65_537, 131_073]) {
        const second = text(bytes, bytes);
        expect(combinedCrc(crc32(first), crc32(second), bytes), `${first.length} then ${bytes}`).toBe(
          crc32(Buffer.concat([first, second])),
        );
      }
    }
  });
});
