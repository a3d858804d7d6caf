import { Button, Group, Loader, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { IconSend, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { notifyError } from '../../../components/notify';
import { ChatBubble } from './chat-bubble';
import classes from './chat.module.css';
import { useChatSession } from './use-chat-session';

const EXAMPLES = [
  'cheapest samsung phone under 100k',
  'best rated laptop with 16GB RAM',
  'compare iPhone 15 vs Galaxy S24',
];

interface Props {
  /** Height of the scrolling message list (the page and the drawer differ). */
  height: string;
  onNavigate?: () => void;
}

/** The assistant chat: the conversation, the reply streaming in as it is written, and the question box. */
export function ChatConversation({ height, onNavigate }: Props) {
  const { bubbles, streaming, busy, send, clear } = useChatSession();
  const [draft, setDraft] = useState('');
  const viewport = useRef<HTMLDivElement>(null);

  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [bubbles, streaming]);

  const ask = async (question: string) => {
    if (!question.trim() || busy) return;
    setDraft('');
    const failure = await send(question);
    if (failure) {
      notifyError(failure);
      // The question stays in the box after a failure, ready to send again.
      setDraft(question);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void ask(draft);
  };

  const sendOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void ask(draft);
    }
  };

  return (
    <Stack gap="sm">
      <ScrollArea h={height} viewportRef={viewport} type="auto" offsetScrollbars>
        <div className={classes.list} role="log" aria-live="polite" aria-label="Conversation">
          {bubbles.length === 0 && streaming === null && (
            <Stack gap="xs" py="md">
              <Text c="dimmed" size="sm">
                Ask about mobiles, laptops and computers: prices, budgets, specs, or a comparison. Try:
              </Text>
              <Group gap="xs">
                {EXAMPLES.map((example) => (
                  <Button key={example} size="xs" variant="light" onClick={() => void ask(example)}>
                    {example}
                  </Button>
                ))}
              </Group>
            </Stack>
          )}
          {bubbles.map((bubble, i) => (
            <ChatBubble key={i} {...bubble} onNavigate={onNavigate} />
          ))}
          {streaming !== null &&
            (streaming ? (
              <ChatBubble role="assistant" content={streaming} onNavigate={onNavigate} />
            ) : (
              <Group gap="xs" aria-label="The assistant is writing">
                <Loader size="xs" type="dots" />
                <Text size="sm" c="dimmed">
                  Thinking…
                </Text>
              </Group>
            ))}
        </div>
      </ScrollArea>
      <form onSubmit={submit}>
        <Stack gap="xs">
          <Textarea
            label="Your question"
            placeholder="e.g. cheapest samsung phone under 100k"
            autosize
            minRows={1}
            maxRows={5}
            maxLength={2000}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={sendOnEnter}
          />
          <Group justify="space-between">
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconTrash size={16} />}
              onClick={clear}
              disabled={bubbles.length === 0 && !busy}
            >
              New chat
            </Button>
            <Button type="submit" leftSection={<IconSend size={16} />} loading={busy} disabled={!draft.trim()}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
