import { useCallback, useEffect, useRef, useState } from 'react';
import { messages as spec } from '@pricehub/shared/messages';
import type { ChatMessage } from '@pricehub/shared/schemas/chat';
import { ApiRequestError } from '../../../api/client';
import { streamChat } from '../api/stream-chat';

/** A bubble on screen; failures are shown but never sent back to the assistant as history. */
export interface ChatBubble extends ChatMessage {
  failed?: boolean;
}

export const CHAT_STORAGE_KEY = 'pricehub.chat';

/** The tab's conversation: sessionStorage keeps it across reloads and shares it between /chatbot and the drawer. */
export function loadConversation(): ChatBubble[] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(CHAT_STORAGE_KEY) ?? '[]') as unknown;
    if (!Array.isArray(saved)) return [];
    return saved.filter(
      (m): m is ChatBubble =>
        typeof m === 'object' &&
        m !== null &&
        (m.role === 'user' || m.role === 'assistant') &&
        typeof m.content === 'string',
    );
  } catch {
    return [];
  }
}

function saveConversation(bubbles: ChatBubble[]) {
  try {
    sessionStorage.setItem(CHAT_STORAGE_KEY, JSON.stringify(bubbles));
  } catch {
    // A full or disabled storage only loses the reload memory; the chat itself still works.
  }
}

export function useChatSession() {
  const [bubbles, setBubbles] = useState<ChatBubble[]>(loadConversation);
  const [streaming, setStreaming] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  // What the shopper has seen survives a reload, including a reply still streaming in.
  useEffect(
    () => saveConversation(streaming ? [...bubbles, { role: 'assistant', content: streaming }] : bubbles),
    [bubbles, streaming],
  );
  useEffect(() => () => abort.current?.abort(), []);

  // Leaving the page (a reload) cuts the stream: that is not a failed answer, and the reply so far is kept.
  const leaving = useRef(false);
  useEffect(() => {
    const onLeave = () => {
      leaving.current = true;
    };
    // beforeunload comes first: the browser may cut the stream as soon as the navigation starts.
    window.addEventListener('beforeunload', onLeave);
    window.addEventListener('pagehide', onLeave);
    return () => {
      window.removeEventListener('beforeunload', onLeave);
      window.removeEventListener('pagehide', onLeave);
    };
  }, []);

  const send = useCallback(
    async (question: string): Promise<string | null> => {
      const content = question.trim();
      if (!content || abort.current) return null;
      const asked: ChatBubble = { role: 'user', content };
      const history = [...bubbles.filter((b) => !b.failed), asked].map(({ role, content: c }) => ({
        role,
        content: c,
      }));
      setBubbles((current) => [...current, asked]);
      setStreaming('');
      const controller = new AbortController();
      abort.current = controller;
      let reply = '';
      let failure: string | null = null;
      try {
        await streamChat(
          history,
          (text) => {
            reply += text;
            setStreaming(reply);
          },
          controller.signal,
        );
      } catch (error) {
        if (controller.signal.aborted || leaving.current) return null;
        failure = error instanceof ApiRequestError ? error.message : spec.chat.failure;
      } finally {
        abort.current = null;
        if (!leaving.current) setStreaming(null);
      }
      if (leaving.current) return null;
      setBubbles((current) => [
        ...current,
        failure ? { role: 'assistant', content: failure, failed: true } : { role: 'assistant', content: reply },
      ]);
      return failure;
    },
    [bubbles],
  );

  const clear = useCallback(() => {
    abort.current?.abort();
    setBubbles([]);
  }, []);

  return { bubbles, streaming, busy: streaming !== null, send, clear };
}
