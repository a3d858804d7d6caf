import { z } from 'zod';

/** Messages of the assistant that messages.ts does not hold (the spec's two chat messages live there). */
export const chatMessages = {
  tooMany: 'You are sending messages too fast. Please wait a minute and try again.',
  empty: 'Please type a message',
  lastMustBeUser: 'The last message must be your question',
} as const;

/** Per session (or visitor): at most this many messages in one minute. */
export const CHAT_LIMIT_PER_MINUTE = 20;
export const CHAT_MAX_MESSAGE_LENGTH = 2000;

export const chatRole = z.enum(['user', 'assistant']);
export const chatMessage = z.object({
  role: chatRole,
  content: z.string().trim().min(1, chatMessages.empty).max(CHAT_MAX_MESSAGE_LENGTH),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** The whole conversation so far, oldest first; the server keeps no chat state. */
export const chatRequest = z.object({
  messages: z
    .array(chatMessage)
    .min(1, chatMessages.empty)
    .max(50)
    .refine((list) => list[list.length - 1]?.role === 'user', chatMessages.lastMustBeUser),
});
export type ChatRequest = z.infer<typeof chatRequest>;

/**
 * The reply streams as server-sent events (text/event-stream), one JSON object per `data:` line:
 * `event: delta` {text} pieces in order, then either `event: done` {} or `event: error` {message}.
 */
export type ChatStreamEvent =
  { event: 'delta'; text: string } | { event: 'done' } | { event: 'error'; message: string };
