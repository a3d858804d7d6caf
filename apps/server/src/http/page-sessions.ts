import { randomUUID } from 'node:crypto';
import type { SessionUser } from '@pricehub/shared/schemas/account';

/**
 * One session lookup per page. A page drawn on the server reads its data through the app's own API (pageApi), one
 * request per answer, each with the shopper's cookie, and each API request looks up its session. A signed-in
 * customer's page reads two (who they are, their cart count), so it looked the same session up twice.
 *
 * The API requests of one page render carry the render's id in PAGE_RENDER_HEADER, and share the lookup of each
 * session token among themselves: a lookup is shared only by requests of the same render, with the same token, a few
 * milliseconds apart, so what a request sees is what its own lookup would have seen. A request from outside that
 * sends the header (with a render's id it cannot know, or a made-up one) shares nothing it did not look up itself.
 */
export const PAGE_RENDER_HEADER = 'x-pricehub-page-render';

type Lookups = Map<string, Promise<SessionUser | null>>;

// Renders are remembered for one to two seconds: two generations, turned when one is a second old (no timer). A
// render still reading after that looks its sessions up again, which is only slower.
let current = new Map<string, Lookups>();
let previous = new Map<string, Lookups>();
let turnedAt = Date.now();
function turn(): void {
  const now = Date.now();
  if (now - turnedAt < 1000) return;
  previous = now - turnedAt < 2000 ? current : new Map();
  current = new Map();
  turnedAt = now;
}

/** A new page render's id, for the API requests it makes. */
export function newPageRender(): string {
  turn();
  const id = randomUUID();
  current.set(id, new Map());
  return id;
}

/** The session for `token`: looked up once per page render when the request belongs to one, else each time. */
export function sessionOnce(
  render: string | string[] | undefined,
  token: string,
  lookup: () => Promise<SessionUser | null>,
): Promise<SessionUser | null> {
  const lookups = typeof render === 'string' ? (current.get(render) ?? previous.get(render)) : undefined;
  if (!lookups) return lookup();
  let found = lookups.get(token);
  if (!found) {
    found = lookup();
    lookups.set(token, found);
  }
  return found;
}
