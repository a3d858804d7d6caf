import { FileInput, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError } from '../../../components/notify';
import { uploadImage } from '../api/upload';

interface Props {
  value: string;
  onChange: (url: string) => void;
  error?: string;
}

/** Picks an image, uploads it at once with a progress bar, and keeps the stored URL as the field's value. */
export function ImageUpload({ value, onChange, error }: Props) {
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const pick = async (file: File | null) => {
    if (!file) return;
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

  return (
    <Stack gap={6}>
      <FileInput
        label="Product image"
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
