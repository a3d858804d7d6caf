import { Paper, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../hooks/use-page-title';
import { ChatConversation } from '../components/chat-conversation';

export function ChatbotPage() {
  usePageTitle('Assistant');
  return (
    <Stack gap="md" maw={900} mx="auto">
      <div>
        <Title order={1}>Shopping assistant</Title>
        <Text c="dimmed">Answers come from the PriceHub catalogue, with live prices and links.</Text>
      </div>
      <Paper withBorder p="md" radius="md">
        <ChatConversation height="min(60vh, 640px)" />
      </Paper>
    </Stack>
  );
}
