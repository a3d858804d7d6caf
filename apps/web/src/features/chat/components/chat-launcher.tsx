import { Affix, Button, Center, Drawer, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessageChatbot } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';

// The chat UI (and its markdown renderer) loads only when the shopper opens the drawer.
const ChatConversation = lazy(() => import('./chat-conversation').then((m) => ({ default: m.ChatConversation })));

/** The home page's chatbot button: opens the assistant in a drawer, sharing the /chatbot conversation. */
export function ChatLauncher() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Affix position={{ bottom: 20, right: 20 }}>
        <Button
          onClick={open}
          radius="xl"
          size="md"
          leftSection={<IconMessageChatbot size={20} />}
          aria-haspopup="dialog"
          aria-expanded={opened}
        >
          Ask the assistant
        </Button>
      </Affix>
      <Drawer opened={opened} onClose={close} position="right" size="lg" title="Shopping assistant">
        {opened && (
          <Suspense
            fallback={
              <Center py="xl">
                <Loader aria-label="Loading the assistant" />
              </Center>
            }
          >
            <ChatConversation height="calc(100dvh - 240px)" onNavigate={close} />
          </Suspense>
        )}
      </Drawer>
    </>
  );
}
