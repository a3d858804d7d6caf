import { Button, Grid, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { blogInput, type BlogPost } from '@pricehub/shared/schemas/blog';
import { FormAlert } from '../../../components/form-alert';
import { notifySuccess } from '../../../components/notify';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useBlogPreview, useSaveBlog } from '../api/blogs';
import { BlogHtml } from './blog-html';

/** Write or edit a post in markdown, with the server's rendering of it alongside. */
export function BlogEditor({ editing, onDone }: { editing: BlogPost | null; onDone: () => void }) {
  const form = useSchemaForm(blogInput, { title: editing?.title ?? '', content: editing?.content ?? '' });
  const [debounced] = useDebouncedValue(form.values.content, 400);
  const preview = useBlogPreview(debounced);
  const save = useSaveBlog();

  const submit = form.onSubmit(async (input) => {
    notifySuccess((await save.mutateAsync({ ...input, id: editing?.id })).message);
    form.reset();
    onDone();
  });

  return (
    <Paper withBorder p="md" radius="md">
      <form ref={form.ref} onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {editing ? 'Edit post' : 'Write a post'}
          </Title>
          <TextInput label="Title" {...form.getInputProps('title')} withAsterisk maxLength={200} />
          <Grid>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Textarea
                label="Content (markdown)"
                {...form.getInputProps('content')}
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
          <FormAlert message={form.formError} />
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
