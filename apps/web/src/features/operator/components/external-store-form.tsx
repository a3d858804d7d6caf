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
import { IconEye, IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import { formatRs } from '@pricehub/shared/rules/money';
import {
  externalFormatLabels,
  externalFormats,
  externalStoreMessages as m,
  previewSourceInput,
  sourceKindLabels,
  uploadExternalStoreFields,
  type ExternalFormat,
  type ExternalStoreCreated,
  type SourcePreview,
} from '@pricehub/shared/schemas/operator-external-stores';
import { FormAlert } from '../../../components/form-alert';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { previewSource, useCreateExternalStore, type StoreSource } from '../api/external-stores';
import { DataTable } from '../../../components/data-table';
import { feedFile, FEED_FILE_TYPES } from './external-store-file';

const formatOptions = externalFormats.map((value) => ({ value, label: externalFormatLabels[value] }));

/** What Preview checks: an address by the API's own rule, or a picked file by the upload's limits. */
const sourceSchemas = {
  address: previewSourceInput.pick({ source: true }),
  file: z.object({
    file: feedFile,
  }),
};
type SourceMode = keyof typeof sourceSchemas;

interface ExternalStoreFormProps {
  onCreated: (created: ExternalStoreCreated & { events: string }) => void;
  onCancel: () => void;
}

/**
 * Adds a store by an address or an uploaded file. The source is previewed first (its format and first items), and
 * only a previewed source can be saved; changing the source or its format asks for a new preview.
 */
export function ExternalStoreForm({ onCreated, onCancel }: ExternalStoreFormProps) {
  const [mode, setMode] = useState<SourceMode>('address');
  // Two checks: Preview asks only for the source, saving for the store's other fields.
  const sourceForm = useSchemaForm(sourceSchemas[mode], { source: '', file: null as File | null });
  const storeForm = useSchemaForm(uploadExternalStoreFields, {
    name: '',
    format: 'auto' as ExternalFormat,
    intervalHours: 6 as number | string,
  });
  const [previewed, setPreviewed] = useState<{ source: StoreSource; preview: SourcePreview } | null>(null);
  // A failed preview speaks of the source it read; it goes once the source changes.
  const [sourceChangedSince, setSourceChangedSince] = useState(false);
  const create = useCreateExternalStore();

  const sourceChanged = () => {
    setPreviewed(null);
    setSourceChangedSince(true);
  };

  const runPreview = sourceForm.onSubmit(async (input) => {
    setSourceChangedSince(false);
    const source: StoreSource = 'file' in input ? { file: input.file } : { address: input.source };
    setPreviewed(null); // a failed preview leaves none to save
    setPreviewed({ source, preview: await previewSource(source, storeForm.values.format) });
  });

  const save = storeForm.onSubmit((fields) => {
    if (!previewed) return;
    return create.mutateAsync({ ...fields, source: previewed.source }).then(onCreated);
  });

  const preview = previewed?.preview ?? null;
  const canSave = preview !== null && preview.total > 0;
  // The server may refuse the source when saving too: its message shows under the source's input until it changes.
  const sourceError = (key: 'source' | 'file') =>
    sourceForm.errors[key] ?? (sourceChangedSince ? undefined : storeForm.errors[key]);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="add-store-title">
      <form
        // Both checks move the focus to the first input they refuse.
        ref={(form) => {
          storeForm.ref.current = form;
          sourceForm.ref.current = form;
        }}
        onSubmit={save}
        noValidate
      >
        <Stack>
          <Title order={2} size="h4" id="add-store-title">
            Add a store
          </Title>
          <TextInput label="Store name" required maxLength={100} {...storeForm.getInputProps('name')} />
          <SegmentedControl
            aria-label="Read the store from"
            value={mode}
            onChange={(v) => {
              setMode(v as SourceMode);
              // Setting a value clears its message: the other way of reading starts without one.
              sourceForm.setValue('source', sourceForm.values.source);
              sourceForm.setValue('file', sourceForm.values.file);
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
              {...sourceForm.getInputProps('source')}
              error={sourceError('source')}
              onChange={(e) => {
                sourceForm.setValue('source', e.currentTarget.value);
                sourceChanged();
              }}
            />
          ) : (
            <FileInput
              label="File"
              description="A CSV file or a Google Merchant feed, at most 5 MB. A store read from a file is refreshed when you refresh it, not on a schedule."
              placeholder="Choose a file"
              accept={FEED_FILE_TYPES}
              leftSection={<IconFileUpload size={16} aria-hidden />}
              required
              clearable
              name="file"
              value={sourceForm.values.file}
              error={sourceError('file')}
              onChange={(f) => {
                sourceForm.setValue('file', f);
                sourceChanged();
              }}
            />
          )}
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label="Format"
              data={formatOptions}
              name="format"
              value={storeForm.values.format}
              allowDeselect={false}
              onChange={(v) => {
                storeForm.setValue('format', (v ?? 'auto') as ExternalFormat);
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
                name="intervalHours"
                value={storeForm.values.intervalHours}
                error={storeForm.errors.intervalHours}
                onChange={(v) => storeForm.setValue('intervalHours', v)}
                style={{ minWidth: 160 }}
              />
            )}
          </Group>
          <Group>
            <Button
              variant="light"
              leftSection={<IconEye size={16} aria-hidden />}
              loading={sourceForm.submitting}
              onClick={(event) => void runPreview(event)}
            >
              Preview
            </Button>
            {!preview && !sourceForm.submitting && (
              <Text size="sm" c="dimmed">
                Preview the source to see what it holds before saving.
              </Text>
            )}
          </Group>
          {!sourceChangedSince && <FormAlert message={sourceForm.formError} />}
          {preview && <PreviewResult preview={preview} />}
          <FormAlert message={storeForm.formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSave} loading={storeForm.submitting}>
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
        <DataTable minWidth={480} striped aria-label="First items" columns={['Product', 'Brand', 'Price', 'Stock']}>
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
        </DataTable>
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
