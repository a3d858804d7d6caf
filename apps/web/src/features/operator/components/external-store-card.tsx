import {
  Anchor,
  Badge,
  Button,
  Collapse,
  FileButton,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconFileUpload, IconPlayerPause, IconPlayerPlay, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import {
  externalFormatLabels,
  externalStoreMessages,
  type ExternalStore,
} from '@pricehub/shared/schemas/operator-external-stores';
import { notifyError, notifySuccess } from '../../../components/notify';
import {
  useRefreshExternalStore,
  useReplaceStoreFile,
  useRunFinished,
  useUpdateExternalStore,
} from '../api/external-stores';
import { feedFile, FEED_FILE_TYPES } from './external-store-file';
import { DeleteStoreDialog, SourceEditor } from './external-store-edits';
import { dateTime, LiveRun, RunHistory, RunStatusBadge, triggerLabel, when } from './external-store-run';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div" size="sm" fw={600}>
        {children}
      </Text>
    </div>
  );
}

function nextRun(store: ExternalStore): string {
  if (store.sourceKind === 'file') return 'Only on "Refresh now"';
  if (store.sourceKind === 'none') return 'Needs an address';
  if (store.paused) return 'Paused';
  const next = new Date(store.nextRunAt!);
  return next.getTime() <= Date.now() ? 'Within a minute' : dateTime.format(next);
}

/** One store of the "Other stores" page: freshness, offers, actions, live progress and its run history. */
export function ExternalStoreCard({ store, liveEvents }: { store: ExternalStore; liveEvents?: string }) {
  const headingId = `external-store-${store.id}`;
  const [events, setEvents] = useState<string | undefined>(liveEvents);
  const [showHistory, setShowHistory] = useState(false);
  const [editing, setEditing] = useState(false);
  const [hours, setHours] = useState<number | string>(store.intervalHours);
  const [deleting, setDeleting] = useState(false);
  const [editingSource, setEditingSource] = useState(false);
  const refresh = useRefreshExternalStore(store.id);
  const update = useUpdateExternalStore(store.id);
  const replaceFile = useReplaceStoreFile(store.id);
  const runFinished = useRunFinished();
  const running = store.lastRun?.status === 'running';
  // A run under way that this page did not start (the scheduler, another operator): follow it too.
  const followed =
    events ?? (running ? `/api/operator/external-stores/${store.id}/runs/${store.lastRun!.id}/events` : undefined);

  const refreshNow = () =>
    refresh.mutate(undefined, {
      onSuccess: (started) => setEvents(started.events),
      onError: (error) => notifyError(error.message),
    });
  const uploadFile = (file: File | null) => {
    if (!file) return;
    const checked = feedFile.safeParse(file);
    if (!checked.success) return notifyError(checked.error.issues[0]!.message);
    replaceFile.mutate(file, {
      onSuccess: (started) => setEvents(started.events),
      onError: (error) => notifyError(error.message),
    });
  };
  const setPaused = (paused: boolean) =>
    update.mutate(
      { paused },
      {
        onSuccess: () => notifySuccess(paused ? `${store.name} is paused` : `${store.name} is resumed`),
        onError: (error) => notifyError(error.message),
      },
    );
  const saveInterval = () => {
    const value = Number(hours);
    if (!Number.isInteger(value) || value < 1 || value > 720) {
      notifyError('The refresh interval must be a whole number of hours from 1 to 720');
      return;
    }
    update.mutate(
      { intervalHours: value },
      {
        onSuccess: () => {
          setEditing(false);
          notifySuccess(`${store.name} is refreshed every ${value} ${value === 1 ? 'hour' : 'hours'}`);
        },
        onError: (error) => notifyError(error.message),
      },
    );
  };

  return (
    <Paper component="li" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} size="h4" id={headingId}>
                {store.name}
              </Title>
              {store.paused && <Badge color="gray">Paused</Badge>}
              {store.lastRun && <RunStatusBadge run={store.lastRun} />}
            </Group>
            {editingSource ? (
              <SourceEditor store={store} onDone={() => setEditingSource(false)} />
            ) : (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {store.sourceKind === 'url' && (
                  <Anchor href={store.source} target="_blank" rel="noopener noreferrer nofollow" inherit>
                    {store.source}
                  </Anchor>
                )}
                {store.sourceKind === 'file' && `Uploaded file: ${store.source}`}
                {store.sourceKind === 'none' && 'No address: its offers came from elsewhere (the demo data).'}
                {store.sourceKind !== 'none' && ` · ${externalFormatLabels[store.format]}`}
                {store.sourceKind !== 'file' && (
                  <>
                    {' '}
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() => setEditingSource(true)}
                      aria-label={`Change the address of ${store.name}`}
                    >
                      {store.sourceKind === 'none' ? 'Give it an address' : 'Change'}
                    </Anchor>
                  </>
                )}
              </Text>
            )}
          </div>
          <Group gap="xs" wrap="wrap">
            <Button
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={refreshNow}
              loading={refresh.isPending}
              disabled={running || store.sourceKind === 'none'}
              title={store.sourceKind === 'none' ? externalStoreMessages.noSource : undefined}
              aria-label={`Refresh ${store.name} now`}
            >
              Refresh now
            </Button>
            {store.sourceKind === 'file' && (
              <FileButton onChange={uploadFile} accept={FEED_FILE_TYPES}>
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    leftSection={<IconFileUpload size={16} aria-hidden />}
                    loading={replaceFile.isPending}
                    disabled={running}
                    aria-label={`Upload a new file for ${store.name}`}
                  >
                    Upload new file
                  </Button>
                )}
              </FileButton>
            )}
            {store.sourceKind === 'url' &&
              (store.paused ? (
                <Button
                  variant="light"
                  color="green"
                  leftSection={<IconPlayerPlay size={16} aria-hidden />}
                  onClick={() => setPaused(false)}
                  aria-label={`Resume ${store.name}`}
                >
                  Resume
                </Button>
              ) : (
                <Button
                  variant="light"
                  color="gray"
                  leftSection={<IconPlayerPause size={16} aria-hidden />}
                  onClick={() => setPaused(true)}
                  aria-label={`Pause ${store.name}`}
                >
                  Pause
                </Button>
              ))}
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setDeleting(true)}
              aria-label={`Delete ${store.name}`}
            >
              Delete
            </Button>
          </Group>
        </Group>

        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure label="Offers">
            {store.offers.available} of {store.offers.total} listed now
          </Figure>
          <Figure label="Last refreshed">{when(store.lastRefreshedAt)}</Figure>
          <Figure label="Next refresh">{nextRun(store)}</Figure>
          <Figure label="Refresh every">
            {store.sourceKind === 'file' ? (
              '—'
            ) : editing ? (
              <Group gap={4} wrap="nowrap">
                <NumberInput
                  aria-label="Hours between refreshes"
                  size="xs"
                  min={1}
                  max={720}
                  allowDecimal={false}
                  value={hours}
                  onChange={setHours}
                  w={80}
                />
                <Button size="xs" onClick={saveInterval} loading={update.isPending}>
                  Save
                </Button>
              </Group>
            ) : (
              <Group gap={4}>
                {store.intervalHours} {store.intervalHours === 1 ? 'hour' : 'hours'}
                <Anchor
                  component="button"
                  type="button"
                  size="xs"
                  onClick={() => setEditing(true)}
                  aria-label={`Change how often ${store.name} is refreshed`}
                >
                  Change
                </Anchor>
              </Group>
            )}
          </Figure>
        </SimpleGrid>

        {followed ? (
          <Paper bg="var(--mantine-color-gray-0)" p="sm" aria-label={`Refresh of ${store.name}`}>
            <LiveRun
              key={followed}
              events={followed}
              onFinished={() => {
                void runFinished();
              }}
            />
          </Paper>
        ) : (
          store.lastRun && (
            <Text size="sm" c="dimmed">
              Last run {when(store.lastRun.startedAt)} ({triggerLabel(store.lastRun).toLowerCase()}):{' '}
              {store.lastRun.new} new, {store.lastRun.updated} updated, {store.lastRun.unchanged} unchanged,{' '}
              {store.lastRun.unavailable} unavailable, {store.lastRun.failed} failed
            </Text>
          )
        )}

        <div>
          <Button variant="subtle" size="xs" onClick={() => setShowHistory((v) => !v)} aria-expanded={showHistory}>
            {showHistory ? 'Hide run history' : 'Show run history'}
          </Button>
          <Collapse in={showHistory}>{showHistory && <RunHistory storeId={store.id} />}</Collapse>
        </div>
      </Stack>
      {deleting && <DeleteStoreDialog store={store} onClose={() => setDeleting(false)} />}
    </Paper>
  );
}

/** Gives a store a new address (checked by the shared schema); its next run reads from there. */
