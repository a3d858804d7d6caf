import { Alert, Button, Grid, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { blogInput, type BlogPost } from '@pricehub/shared/schemas/blog';
import { ApiRequestError } from '../../../api/client';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useBlogPreview, useSaveBlog } from '../api/blogs';
import { BlogHtml } from './blog-html';
import { fieldErrors } from '@pricehub/shared/schemas/error';

/** Write or edit a post in markdown, with the server's rendering of it alongside. */
export function BlogEditor({ editing, onDone }: { editing: BlogPost | null; onDone: () => void }) {
  const [title, setTitle] = useState(editing?.title ?? '');
  const [content, setContent] = useState(editing?.content ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(content, 400);
  const preview = useBlogPreview(debounced);
  const save = useSaveBlog();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = blogInput.safeParse({ title, content });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, 1));
      return;
    }
    try {
      notifySuccess((await save.mutateAsync({ ...parsed.data, id: editing?.id })).message);
      setTitle('');
      setContent('');
      setErrors({});
      onDone();
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Could not save the post';
      setFormError(message);
      notifyError(message);
      if (error instanceof ApiRequestError) setErrors(error.fields);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {editing ? 'Edit post' : 'Write a post'}
          </Title>
          <TextInput
            label="Title"
            name="title"
            value={title}
            onChange={(e) => {
              setTitle(e.currentTarget.value);
              setErrors(({ title: _, ...rest }) => rest);
            }}
            error={errors.title}
            withAsterisk
            maxLength={200}
          />
          <Grid>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Textarea
                label="Content (markdown)"
                name="content"
                value={content}
                onChange={(e) => {
                  setContent(e.currentTarget.value);
                  setErrors(({ content: _, ...rest }) => rest);
                }}
                error={errors.content}
                withAsterisk
                autosize
                minRows={10}
                maxRows={24}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Text fw={500} size="sm" mb={4} id="blog-preview-label">
                Preview
              </Text>
              <Paper withBorder p="sm" mih={200} aria-labelledby="blog-preview-label" role="region">
                {debounced.trim() === '' ? (
                  <Text c="dimmed" size="sm">
                    The rendered post appears here as you write.
                  </Text>
                ) : preview.isError ? (
                  <Text c="red" size="sm">
                    The preview could not be rendered.
                  </Text>
                ) : (
                  <BlogHtml html={preview.data?.html ?? ''} />
                )}
              </Paper>
            </Grid.Col>
          </Grid>
          {formError && (
            <Alert color="red" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
              {formError}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {editing ? 'Save changes' : 'Publish'}
            </Button>
            {editing && (
              <Button variant="default" onClick={onDone}>
                Cancel
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
