import { Typography } from '@mantine/core';

/** Shows a post's HTML as the server rendered and sanitized it; nothing here builds HTML from user text. */
export function BlogHtml({ html }: { html: string }) {
  return (
    <Typography>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
