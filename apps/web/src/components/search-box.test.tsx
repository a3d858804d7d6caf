import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../theme';
import { SearchBox } from './search-box';

function renderSearchBox(path: string) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const q = new URL(String(input), 'http://shop.test').searchParams.get('q') ?? '';
    return Response.json({ suggestions: [`${q} one`, `${q} two`] });
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <SearchBox />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  const box = screen.getByLabelText<HTMLInputElement>('Search products');
  const options = () =>
    Array.from(document.querySelectorAll('#search-suggestions option'), (o) => o.getAttribute('value'));
  return { fetchMock, box, options };
}

const suggestionCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/suggestions'));

describe('search box', () => {
  it('suggests catalogue names for what the shopper types', async () => {
    const { fetchMock, box, options } = renderSearchBox('/');
    fireEvent.change(box, { target: { value: 'sam' } });
    await waitFor(() => expect(options()).toEqual(['sam one', 'sam two']));
    expect(suggestionCalls(fetchMock)).toEqual(['/api/products/suggestions?q=sam']);
  });

  it('asks nothing for the search the results page already shows, until the shopper changes it', async () => {
    const { fetchMock, box, options } = renderSearchBox('/result?q=laptop');
    expect(box.value).toBe('laptop');
    // Longer than the 200 ms the box waits for typing to pause.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(suggestionCalls(fetchMock)).toEqual([]);
    expect(options()).toEqual([]);

    fireEvent.change(box, { target: { value: 'laptop de' } });
    await waitFor(() => expect(options()).toEqual(['laptop de one', 'laptop de two']));
    expect(suggestionCalls(fetchMock)).toEqual(['/api/products/suggestions?q=laptop%20de']);
  });
});
