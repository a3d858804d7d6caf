import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlFilters } from './use-url-filters';

function Filters() {
  const [filter, setFilter] = useUrlFilters((params) => ({
    reason: params.get('reason') ?? undefined,
    q: params.get('q') ?? '',
  }));
  const location = useLocation();
  return (
    <>
      <p>Address: {location.search}</p>
      <p>Reason: {filter.reason ?? 'all'}</p>
      {/* Both changes come from one render, as when an operator picks a reason and searches before the page redraws. */}
      <button
        onClick={() => {
          setFilter({ reason: 'near-miss', page: 1 });
          setFilter({ q: 'zentra', page: 1 });
        }}
      >
        Both
      </button>
      <button onClick={() => setFilter({ page: 3 })}>Page 3</button>
    </>
  );
}

const renderAt = (entry: string) => {
  const router = createMemoryRouter([{ path: '/queue', element: <Filters /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
};

describe('useUrlFilters', () => {
  it('keeps a filter chosen a moment before another one, before the page has redrawn', async () => {
    renderAt('/queue?page=2');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Both' }));
    });
    expect(await screen.findByText('Address: ?reason=near-miss&q=zentra')).toBeTruthy();
    expect(screen.getByText('Reason: near-miss')).toBeTruthy();
  });

  it('starts from the address on screen after going back', async () => {
    const router = renderAt('/queue?reason=name');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    });
    expect(await screen.findByText('Address: ?reason=name&page=3')).toBeTruthy();
    await act(async () => {
      await router.navigate('/queue?q=lenovo');
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    });
    expect(await screen.findByText('Address: ?q=lenovo&page=3')).toBeTruthy();
  });
});
