import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { startTakingOver, useHydrated } from './use-hydrated';

function WhoIsAsking() {
  return <p>{useHydrated() ? 'your own' : 'everyone'}</p>;
}

describe('useHydrated', () => {
  it('is true at once for a part drawn in the browser', () => {
    render(<WhoIsAsking />);
    expect(screen.getByText('your own').tagName).toBe('P');
  });

  it("takes over the server's shared form without a mismatch, then turns to the visitor's own", async () => {
    const container = document.createElement('div');
    // What the server drew (there, useHydrated is always false).
    container.innerHTML = '<p>everyone</p>';
    document.body.append(container);
    const errors: unknown[] = [];
    startTakingOver();
    await act(async () => {
      hydrateRoot(container, <WhoIsAsking />, { onRecoverableError: (e) => errors.push(e) });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('your own');
    // Once taken over, a part drawn later is the visitor's own straight away.
    render(<WhoIsAsking />);
    expect(screen.getAllByText('your own')).toHaveLength(2);
  });
});
