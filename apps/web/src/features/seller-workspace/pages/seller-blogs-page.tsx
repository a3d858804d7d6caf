import { ActionIcon, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMdy } from '@pricehub/shared/rules/dates';
import type { BlogPost } from '@pricehub/shared/schemas/blog';
import { notifyError, notifySuccess } from '../../../components/notify';
import { usePageTitle } from '../../../components/page-title';
import { useDeleteBlog, useStoreBlogs } from '../api/blogs';
import { BlogEditor } from '../components/blog-editor';
import { EmptyState, LoadError, PageLoader } from '../components/query-states';

export function SellerBlogsPage() {
  usePageTitle('Blogs');
  const blogs = useStoreBlogs();
  const remove = useDeleteBlog();
  const [editing, setEditing] = useState<BlogPost | null>(null);
  const [confirming, setConfirming] = useState<BlogPost | null>(null);

  const confirmDelete = async () => {
    if (!confirming) return;
    try {
      notifySuccess((await remove.mutateAsync(confirming.id)).message);
      if (editing?.id === confirming.id) setEditing(null);
      setConfirming(null);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'Not Deleted');
    }
  };

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
      {blogs.isLoading && <PageLoader />}
      {blogs.isError && <LoadError error={blogs.error} onRetry={() => void blogs.refetch()} />}
      {blogs.data?.blogs.length === 0 && <EmptyState message="You have not written any posts yet." />}
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
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${b.title}`}
                onClick={() => setConfirming(b)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        </Paper>
      ))}
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title="Delete post?" centered>
        <Stack>
          <Text>Delete “{confirming?.title}”? It disappears from the blog at once.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void confirmDelete()}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
