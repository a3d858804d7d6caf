import type { ReactNode } from 'react';
import { useHydrated } from '../hooks/use-hydrated';

/** How the slot opens and closes in server HTML; the server swaps what lies between for each signed-in shopper. */
export const PERSONAL_SLOT_OPEN = '<div class="personal-slot">';
export const PERSONAL_SLOT_CLOSE = '</div><template data-personal-end=""></template>';

/**
 * The part of a shared page that is someone's own (the header's name, cart count and account links).
 *
 * A server-drawn page is drawn once for everyone (http/web-app.ts keeps it); for a signed-in shopper the server
 * replaces only what lies in this slot, drawn by `renderPersonalSlot` (entry-server.tsx). While the browser takes
 * over the page it leaves the slot's HTML as the server sent it (React does not look inside an element drawn with
 * dangerouslySetInnerHTML), then draws the slot live in its place, from the same answers, so nothing moves.
 * The slot lays its children out as if they stood in its parent (`display: contents`).
 */
export function PersonalSlot({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const end = <template data-personal-end="" />;
  if (typeof window === 'undefined') {
    return (
      <>
        <div className="personal-slot">{children}</div>
        {end}
      </>
    );
  }
  return (
    <>
      {hydrated ? (
        <div key="live" className="personal-slot">
          {children}
        </div>
      ) : (
        <div key="sent" className="personal-slot" dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
      )}
      {end}
    </>
  );
}
