import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconEye, IconFileUpload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { formatRs } from '@pricehub/shared/rules/money';
import { fieldErrors } from '@pricehub/shared/schemas/error';
import {
  createExternalStoreInput,
  EXTERNAL_UPLOAD_MAX_BYTES,
  externalFormatLabels,
  externalFormats,
  externalStoreMessages as m,
  sourceKindLabels,
  uploadExternalStoreFields,
  type ExternalFormat,
  type ExternalStoreCreated,
  type SourcePreview,
} from '@pricehub/shared/schemas/operator-external-stores';
import { ApiRequestError } from '../../../api/client';
import { previewSource, useCreateExternalStore, type StoreSource } from '../api/external-stores';

const formatOptions = externalFormats.map((value) => ({ value, label: externalFormatLabels[value] }));

interface ExternalStoreFormProps {
  onCreated: (created: ExternalStoreCreated & { events: string }) => void;
  onCancel: () => void;
}

/**
 * Adds a store by an address or an uploaded file. The source is previewed first (its format and first items), and
 * only a previewed source can be saved; changing the source or its format asks for a new preview.
 */
export function ExternalStoreForm({ onCreated, onCancel }: ExternalStoreFormProps) {
  const [mode, setMode] = useState<'address' | 'file'>('address');
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ExternalFormat>('auto');
  const [intervalHours, setIntervalHours] = useState<number | string>(6);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<SourcePreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const create = useCreateExternalStore();

  const sourceChanged = () => {
    setPreview(null);
    setPreviewError(null);
  };

  /** The source as typed, or a message under its field. */
  function source(): StoreSource | undefined {
    if (mode === 'file') {
      if (!file) return void setErrors((e) => ({ ...e, file: m.fileRequired }));
      if (file.size > EXTERNAL_UPLOAD_MAX_BYTES) return void setErrors((e) => ({ ...e, file: m.fileTooLarge }));
      return { file };
    }
    const parsed = createExternalStoreInput.shape.source.safeParse(address);
    if (!parsed.success) return void setErrors((e) => ({ ...e, source: parsed.error.issues[0]!.message }));
    return { address: parsed.data };
  }

  const runPreview = async () => {
    setErrors({});
    const chosen = source();
    if (!chosen) return;
    setPreviewing(true);
    setPreviewError(null);
    try {
      setPreview(await previewSource(chosen, format));
    } catch (error) {
      setPreview(null);
      if (error instanceof ApiRequestError && Object.keys(error.fields).length) setErrors(error.fields);
      else setPreviewError(error instanceof Error ? error.message : 'Could not read this source');
    } finally {
      setPreviewing(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = source();
    const fields = uploadExternalStoreFields.safeParse({ name, format, intervalHours });
    if (!fields.success) {
      setErrors((e) => ({ ...e, ...fieldErrors(fields.error.issues, 1) }));
      return;
    }
    if (!chosen || !preview) return;
    create.mutate(
      { ...fields.data, source: chosen },
      {
        onSuccess: onCreated,
        onError: (error) => {
          if (error instanceof ApiRequestError) setErrors(error.fields);
        },
      },
    );
  };

  const canSave = preview !== null && preview.total > 0;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="add-store-title">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4" id="add-store-title">
            Add a store
          </Title>
          <TextInput
            label="Store name"
            required
            maxLength={100}
            value={name}
            error={errors.name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setErrors(({ name: _, ...rest }) => rest);
            }}
          />
          <SegmentedControl
            aria-label="Read the store from"
            value={mode}
            onChange={(v) => {
              setMode(v as 'address' | 'file');
              setErrors({});
              sourceChanged();
            }}
            data={[
              { value: 'address', label: 'An address' },
              { value: 'file', label: 'An uploaded file' },
            ]}
          />
          {mode === 'address' ? (
            <TextInput
              label="Address"
              description="A product page, a listing page, a sitemap or a feed (Google Merchant or CSV)"
              placeholder="https://store.example/feed.xml"
              required
              maxLength={2000}
              value={address}
              error={errors.source}
              onChange={(e) => {
                setAddress(e.currentTarget.value);
                setErrors(({ source: _, ...rest }) => rest);
                sourceChanged();
              }}
            />
          ) : (
            <FileInput
              label="File"
              description="A CSV file or a Google Merchant feed, at most 5 MB. A store read from a file is refreshed when you refresh it, not on a schedule."
              placeholder="Choose a file"
              accept=".csv,.tsv,.txt,.xml,.rss,text/csv,application/xml,text/xml"
              leftSection={<IconFileUpload size={16} aria-hidden />}
              required
              clearable
              value={file}
              error={errors.file}
              onChange={(f) => {
                setFile(f);
                setErrors(({ file: _, ...rest }) => rest);
                sourceChanged();
              }}
            />
          )}
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label="Format"
              data={formatOptions}
              value={format}
              allowDeselect={false}
              onChange={(v) => {
                setFormat((v ?? 'auto') as ExternalFormat);
                sourceChanged();
              }}
              style={{ minWidth: 200 }}
            />
            {mode === 'address' && (
              <NumberInput
                label="Refresh every (hours)"
                min={1}
                max={720}
                step={1}
                allowDecimal={false}
                value={intervalHours}
                error={errors.intervalHours}
                onChange={setIntervalHours}
                style={{ minWidth: 160 }}
              />
            )}
          </Group>
          <Group>
            <Button
              variant="light"
              leftSection={<IconEye size={16} aria-hidden />}
              loading={previewing}
              onClick={() => void runPreview()}
            >
              Preview
            </Button>
            {!preview && !previewing && (
              <Text size="sm" c="dimmed">
                Preview the source to see what it holds before saving.
              </Text>
            )}
          </Group>
          {previewError && (
            <Alert color="red" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
              {previewError}
            </Alert>
          )}
          {preview && <PreviewResult preview={preview} />}
          {create.isError && Object.keys((create.error as ApiRequestError).fields ?? {}).length === 0 && (
            <Alert color="red" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
              {create.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSave} loading={create.isPending}>
              Save and refresh
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function PreviewResult({ preview }: { preview: SourcePreview }) {
  return (
    <Stack gap="xs" aria-label="Preview" component="section">
      <Group gap="xs">
        <Text size="sm">Detected:</Text>
        <Badge variant="light">{preview.kind ? sourceKindLabels[preview.kind] : 'Nothing readable'}</Badge>
        <Text size="sm" c="dimmed">
          {preview.total} {preview.total === 1 ? 'item' : 'items'}
          {preview.failed > 0 ? `, ${preview.failed} could not be read` : ''}
        </Text>
      </Group>
      {preview.total === 0 && (
        <Alert color="yellow" p="xs">
          <Text size="sm">{m.nothingFound}</Text>
        </Alert>
      )}
      {preview.items.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-label="First items">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>Brand</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th>Stock</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.items.map((item, i) => (
                <Table.Tr key={i}>
                  <Table.Td>
                    {/^https?:/.test(item.url) ? (
                      <Anchor href={item.url} target="_blank" rel="noopener noreferrer nofollow" size="sm">
                        {item.name}
                      </Anchor>
                    ) : (
                      item.name
                    )}
                  </Table.Td>
                  <Table.Td>{item.brand}</Table.Td>
                  <Table.Td>{formatRs(item.price)}</Table.Td>
                  <Table.Td>{item.inStock ? 'In stock' : 'Out of stock'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {preview.failures.length > 0 && (
        <List size="sm" aria-label="Preview failures">
          {preview.failures.map((f, i) => (
            <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
              {f.where}: {f.reason}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
