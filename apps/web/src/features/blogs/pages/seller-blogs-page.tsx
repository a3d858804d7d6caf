import { ActionIcon, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMdy } from '@pricehub/shared/rules/dates';
import type { BlogPost } from '@pricehub/shared/schemas/blog';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { useConfirmedDelete } from '../../../hooks/use-confirmed-delete';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useDeleteBlog, useStoreBlogs } from '../api/blogs';
import { BlogEditor } from '../components/blog-editor';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';

export function SellerBlogsPage() {
  usePageTitle('Blogs');
  const blogs = useStoreBlogs();
  const [editing, setEditing] = useState<BlogPost | null>(null);
  const deleting = useConfirmedDelete(
    useDeleteBlog(),
    (post: BlogPost) => post.id,
    (post) => {
      if (editing?.id === post.id) setEditing(null);
    },
  );

  return (
    <Stack>
      <Title order={1} size="h2">
        Blogs
      </Title>
      {/* A new key resets the editor's fields when switching between posts. */}
      <BlogEditor key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <Title order={2} size="h4">
        Your posts
      </Title>
      {blogs.isLoading && <LoadingState />}
      {blogs.isError && <ErrorState error={blogs.error} onRetry={() => void blogs.refetch()} />}
      {blogs.data?.blogs.length === 0 && <EmptyState title="You have not written any posts yet." />}
      {blogs.data?.blogs.map((b) => (
        <Paper key={b.id} withBorder p="md" radius="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text fw={600}>{b.title}</Text>
              <Text size="sm" c="dimmed">
                {formatMdy(new Date(b.createdAt))}
              </Text>
            </div>
            <Group gap={4} wrap="nowrap">
              <ActionIcon variant="subtle" aria-label={`Edit ${b.title}`} onClick={() => setEditing(b)}>
                <IconEdit size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={`Delete ${b.title}`} onClick={() => deleting.ask(b)}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        </Paper>
      ))}
      <ConfirmDeleteDialog
        deleting={deleting}
        title="Delete post?"
        message={(item) => `Delete “${item.title}”? It disappears from the blog at once.`}
      />
    </Stack>
  );
}
