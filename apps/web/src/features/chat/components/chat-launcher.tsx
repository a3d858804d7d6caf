import { Affix, Button } from '@mantine/core';
import { IconMessageChatbot } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

// The drawer and the chat UI (with its markdown renderer) load only when the shopper asks for them.
const ChatDrawer = lazy(() => import('./chat-drawer').then((m) => ({ default: m.ChatDrawer })));
const preload = () => void import('./chat-drawer');

/** The home page's chatbot button: opens the assistant in a drawer, sharing the /chatbot conversation. */
export function ChatLauncher() {
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <Affix position={{ bottom: 20, right: 20 }}>
        <Button
          onClick={() => {
            setMounted(true);
            setOpened(true);
          }}
          onPointerEnter={preload}
          onFocus={preload}
          radius="xl"
          size="md"
          leftSection={<IconMessageChatbot size={20} aria-hidden />}
          aria-haspopup="dialog"
          aria-expanded={opened}
        >
          Ask the assistant
        </Button>
      </Affix>
      {mounted && (
        <Suspense fallback={null}>
          <ChatDrawer opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
