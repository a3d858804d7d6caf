import { Center, Drawer, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';

const ChatConversation = lazy(() => import('./chat-conversation').then((m) => ({ default: m.ChatConversation })));

/** The assistant in a drawer; loaded on demand by the launcher. */
export function ChatDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg" title="Shopping assistant">
      {opened && (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label="Loading the assistant" />
            </Center>
          }
        >
          <ChatConversation height="calc(100dvh - 240px)" onNavigate={onClose} />
        </Suspense>
      )}
    </Drawer>
  );
}
