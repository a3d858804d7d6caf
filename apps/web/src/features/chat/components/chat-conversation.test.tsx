import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { ChatConversation } from './chat-conversation';
import { CHAT_STORAGE_KEY } from './use-chat-session';

const encoder = new TextEncoder();

/** A fetch answering with the given SSE events, the second half held back until `release()`. */
function streamingFetch(events: string[]) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const half = Math.ceil(events.length / 2);
      for (const e of events.slice(0, half)) controller.enqueue(encoder.encode(e));
      await held;
      for (const e of events.slice(half)) controller.enqueue(encoder.encode(e));
      controller.close();
    },
  });
  const fetch = vi.fn(
    async () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
  );
  return { fetch, release };
}

const delta = (text: string) => `event: delta\ndata: ${JSON.stringify({ text })}\n\n`;

const renderChat = () =>
  render(
    <MantineProvider env="test">
      <MemoryRouter>
        <ChatConversation height="400px" />
      </MemoryRouter>
    </MantineProvider>,
  );

beforeEach(() => sessionStorage.clear());
describe('the assistant chat', () => {
  it('shows the reply as it streams in, renders its links, and keeps the conversation in sessionStorage', async () => {
    const { fetch, release } = streamingFetch([
      delta('Try the '),
      delta('[Galaxy A15](/result/productHub/3)'),
      delta(' at **Rs 45,000**.'),
      'event: done\ndata: {}\n\n',
    ]);
    vi.stubGlobal('fetch', fetch);
    renderChat();
    await userEvent.type(screen.getByLabelText('Your question'), 'cheapest samsung phone');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    // Half the reply has arrived: it is on screen before the stream ends.
    expect((await screen.findByRole('link', { name: 'Galaxy A15' })).getAttribute('href')).toBe('/result/productHub/3');
    expect(screen.queryByText('Rs 45,000')).toBeNull();
    release();
    expect(await screen.findByText('Rs 45,000')).toBeTruthy();

    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({
      messages: [{ role: 'user', content: 'cheapest samsung phone' }],
    });
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem(CHAT_STORAGE_KEY)!)).toEqual([
        { role: 'user', content: 'cheapest samsung phone' },
        { role: 'assistant', content: 'Try the [Galaxy A15](/result/productHub/3) at **Rs 45,000**.' },
      ]),
    );
  });

  it('brings back the saved conversation after a reload', () => {
    sessionStorage.setItem(
      CHAT_STORAGE_KEY,
      JSON.stringify([
        { role: 'user', content: 'best laptop' },
        { role: 'assistant', content: 'The [XPS 13](/result/productHub/9) is great.' },
      ]),
    );
    renderChat();
    expect(screen.getByText('best laptop')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'XPS 13' })).toBeTruthy();
  });

  it('shows the spec’s message in an error bubble when the reply fails, and keeps the question', async () => {
    const { fetch, release } = streamingFetch([
      `event: error\ndata: ${JSON.stringify({ message: messages.chat.failure })}\n\n`,
    ]);
    release();
    vi.stubGlobal('fetch', fetch);
    renderChat();
    await userEvent.type(screen.getByLabelText('Your question'), 'best phone');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.chat.failure);
    expect((screen.getByLabelText('Your question') as HTMLTextAreaElement).value).toBe('best phone');
  });
});
