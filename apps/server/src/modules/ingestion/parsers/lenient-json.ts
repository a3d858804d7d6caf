/**
 * JSON as shops really write it into `<script type="application/ld+json">`: wrapped in CDATA, with `//` and
 * `/* *\/` comments, trailing commas, and raw line breaks or tabs inside strings. Browsers and search engines
 * read such blocks, so shops never notice them. Only for text that strict JSON.parse refused: anything else still
 * broken throws, as JSON.parse does.
 */
export function parseLenientJson(source: string): unknown {
  return JSON.parse(repair(stripCdata(source)));
}

// Only the wrapper around the whole block, as `<![CDATA[ … ]]>`, `//<![CDATA[ … //]]>` or `/* <![CDATA[ */ … /* ]]> */`;
// the `//` and `/* */` left behind are then removed with the other comments.
const CDATA_OPEN = /^(\s*(?:\/\/|\/\*)?\s*)<!\[CDATA\[/;
const CDATA_CLOSE = /\]\]>(\s*(?:\*\/)?\s*)$/;
const stripCdata = (source: string) => source.replace(CDATA_OPEN, '$1').replace(CDATA_CLOSE, '$1');

const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };
const escapeControl = (c: string) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
const isControl = (c: string) => c < ' ';

/**
 * One pass that knows whether it is inside a string, so that "https://x" keeps its `//` and a comma inside a
 * string stays: outside strings it drops comments and the comma before `}` or `]`; inside it escapes raw control
 * characters.
 */
function repair(source: string): string {
  const out: string[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '"') {
      i = copyString(source, i, out);
      continue;
    }
    if (c === '/' && source[i + 1] === '/') {
      const end = source.indexOf('\n', i);
      i = end === -1 ? source.length : end;
      continue;
    }
    if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      // An unclosed comment swallows the rest, and JSON.parse then says the document is cut short.
      i = end === -1 ? source.length : end + 2;
      continue;
    }
    if (c === '}' || c === ']') dropTrailingComma(out);
    out.push(c);
    i++;
  }
  return out.join('');
}

/** Copies the string starting at the quote at `start`; returns the index after its closing quote. */
function copyString(source: string, start: number, out: string[]): number {
  out.push('"');
  let i = start + 1;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '"') {
      out.push(c);
      return i + 1;
    }
    if (c === '\\' && i + 1 < source.length) {
      const next = source[i + 1]!;
      // A backslash before a raw break (a JavaScript line continuation) is no JSON escape: the break is kept, escaped.
      out.push(isControl(next) ? escapeControl(next) : c + next);
      i += 2;
      continue;
    }
    out.push(isControl(c) ? escapeControl(c) : c);
    i++;
  }
  return i;
}

/** Comments are never copied, so the last character written that is not white space is the one before the `}`. */
function dropTrailingComma(out: string[]) {
  let j = out.length - 1;
  while (j >= 0 && /^\s$/.test(out[j]!)) j--;
  if (out[j] === ',') out.splice(j, 1);
}
