import { FileInput, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import { messages } from '@pricehub/shared/messages';
import { UPLOAD_MAX_BYTES, uploadMessages } from '@pricehub/shared/schemas/product';
import { notifyError } from '../../../components/notify';
import { uploadImage } from '../api/upload';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * A file the server would refuse, told apart before uploading: one that is not an image gets the spec's 'no image'
 * with the reason; one too large, the spec's 'Failed to upload image' with the server's reason. A file without a
 * type is judged by its name; the server still sniffs the bytes of whatever is sent.
 */
function refusal(file: File): string | null {
  const image = ACCEPTED.includes(file.type) || (file.type === '' && /\.(jpe?g|png|webp)$/i.test(file.name));
  if (!image) return `${messages.generic.noImage}: ${uploadMessages.badType}`;
  if (file.size > UPLOAD_MAX_BYTES) return `${messages.product.uploadFailed}: ${uploadMessages.tooLarge}`;
  return null;
}

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

interface Props {
  value: string;
  onChange: (url: string) => void;
  error?: string;
}

/**
 * Picks (or takes a dropped) image, uploads it at once with a progress bar, and keeps the stored URL as the field's
 * value.
 */
export function ImageUpload({ value, onChange, error }: Props) {
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const pick = async (file: File | null) => {
    if (!file) return;
    const refused = refusal(file);
    if (refused) {
      setFailure(refused);
      notifyError(refused);
      return;
    }
    setFailure(null);
    setProgress(0);
    try {
      const uploaded = await uploadImage(file, setProgress);
      onChange(uploaded.url);
    } catch (e) {
      const message = e instanceof Error ? e.message : 'Failed to upload image';
      setFailure(message);
      notifyError(message);
    } finally {
      setProgress(null);
    }
  };

  // Dropping a file anywhere on the field uploads it (without this, the browser would open the file instead).
  const over = (event: DragEvent) => {
    if (!hasFiles(event) || progress !== null) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const drop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    if (progress === null) void pick(event.dataTransfer.files[0] ?? null);
  };

  return (
    <Stack
      gap={6}
      onDragEnter={over}
      onDragOver={over}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={drop}
      data-testid="image-drop-zone"
      style={{
        outline: dragging ? '2px dashed var(--mantine-color-blue-6)' : undefined,
        outlineOffset: 4,
        borderRadius: 'var(--mantine-radius-sm)',
      }}
    >
      <FileInput
        label="Product image"
        description="Choose a file or drop one here"
        placeholder="Choose a JPEG, PNG or WebP (max 5 MB)"
        accept="image/jpeg,image/png,image/webp"
        leftSection={<IconPhotoUp size={16} aria-hidden />}
        onChange={pick}
        value={null}
        error={failure ?? error}
        disabled={progress !== null}
        withAsterisk
      />
      {progress !== null && (
        <Progress
          value={progress}
          animated
          aria-label={`Uploading image: ${progress}%`}
          role="progressbar"
          aria-valuenow={progress}
        />
      )}
      {value && (
        <Group gap="sm">
          <Image src={value} alt="Uploaded product image" h={96} w={96} fit="contain" radius="sm" bg="gray.0" />
          <Text size="xs" c="dimmed">
            Image uploaded
          </Text>
        </Group>
      )}
    </Stack>
  );
}
