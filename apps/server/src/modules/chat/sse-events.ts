import type { ChatStreamEvent } from '@pricehub/shared/schemas/chat';

/** Reads a whole text/event-stream body back into events (tests read replies with it). */
export function parseSse(body: string): ChatStreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}');
      return { event, ...data } as ChatStreamEvent;
    });
}

/** The reply's text, joined from its delta events. */
export function replyText(events: ChatStreamEvent[]): string {
  return events.map((e) => (e.event === 'delta' ? e.text : '')).join('');
}
