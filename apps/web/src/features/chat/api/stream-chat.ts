import { messages } from '@pricehub/shared/messages';
import type { ChatMessage, ChatStreamEvent } from '@pricehub/shared/schemas/chat';
import { ApiRequestError } from '../../../api/client';

/** Splits a server-sent events buffer into complete events and the unfinished tail. */
export function readSseEvents(buffer: string): { events: ChatStreamEvent[]; rest: string } {
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '{}';
      return { event, ...JSON.parse(data) } as ChatStreamEvent;
    });
  return { events, rest };
}

/**
 * Posts the conversation to the server's assistant and calls `onText` with each piece of the reply as it is
 * written. Rejects with an ApiRequestError carrying the message the shopper should see.
 */
export async function streamChat(
  conversation: ChatMessage[],
  onText: (text: string) => void,
  signal?: AbortSignal,
): Promise<void> {
  let res: Response;
  try {
    res = await fetch('/api/chat', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ messages: conversation }),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiRequestError(0, messages.chat.failure, 'NETWORK');
  }
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => undefined)) as
      { error?: { message?: string; code?: string } } | undefined;
    throw new ApiRequestError(res.status, body?.error?.message ?? messages.chat.failure, body?.error?.code ?? 'HTTP');
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const { events, rest } = readSseEvents(buffer + value);
    buffer = rest;
    for (const event of events) {
      if (event.event === 'delta') onText(event.text);
      if (event.event === 'error') throw new ApiRequestError(200, event.message, 'CHAT_FAILED');
      if (event.event === 'done') return;
    }
  }
  // The stream ended without its closing event: the connection broke half-way.
  throw new ApiRequestError(0, messages.chat.failure, 'NETWORK');
}
