import { Box, Paper, Text, VisuallyHidden } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { renderChatMarkdown } from './chat-markdown';
import classes from './chat.module.css';

interface Props {
  role: 'user' | 'assistant';
  content: string;
  failed?: boolean;
  /** Called after a link inside the reply opens one of our pages (the drawer closes itself). */
  onNavigate?: () => void;
}

export function ChatBubble({ role, content, failed, onNavigate }: Props) {
  const navigate = useNavigate();
  const mine = role === 'user';

  // Links to our own pages navigate inside the app instead of reloading it.
  const followInternalLink = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href || !href.startsWith('/') || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    navigate(href);
    onNavigate?.();
  };

  return (
    <Box className={mine ? classes.mine : classes.theirs}>
      <Paper
        className={classes.bubble}
        p="sm"
        radius="md"
        withBorder={!mine}
        bg={mine ? 'blue.6' : failed ? 'red.0' : undefined}
        c={mine ? 'white' : failed ? 'red.8' : undefined}
        role={failed ? 'alert' : undefined}
        data-role={role}
      >
        <VisuallyHidden>{mine ? 'You said: ' : 'Assistant: '}</VisuallyHidden>
        {mine || failed ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {content}
          </Text>
        ) : (
          // The markdown renderer escapes raw HTML and keeps only safe links (chat-markdown.ts).
          <div
            className={classes.markdown}
            onClick={followInternalLink}
            dangerouslySetInnerHTML={{ __html: renderChatMarkdown(content) }}
          />
        )}
      </Paper>
    </Box>
  );
}
