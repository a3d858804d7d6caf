import { Alert, Anchor, Badge, List, Progress, SimpleGrid, Spoiler, Stack, Table, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { ExternalStoreRun } from '@pricehub/shared/schemas/operator-external-stores';
import { DataTable } from '../../../components/data-table';
import { useExternalStoreRuns } from '../api/external-stores';

export const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** A moment of a store's refreshing, or "Never". */
export const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : 'Never');

const triggers: Record<ExternalStoreRun['trigger'], string> = {
  manual: 'Refresh now',
  schedule: 'Scheduled',
  upload: 'Upload',
  command: 'npm run ingest',
};

export function RunStatusBadge({ run }: { run: ExternalStoreRun }) {
  if (run.status === 'running') return <Badge color="blue">Running</Badge>;
  if (run.status === 'failed') return <Badge color="red">Failed</Badge>;
  return <Badge color={run.failed > 0 ? 'yellow' : 'green'}>{run.failed > 0 ? 'Done with failures' : 'Done'}</Badge>;
}

export const triggerLabel = (run: ExternalStoreRun) => triggers[run.trigger];

/** A finished run's counts, and each failure with its reason. */
export function RunReport({ run }: { run: ExternalStoreRun }) {
  const counts: [string, number][] = [
    ['New', run.new],
    ['Updated', run.updated],
    ['Unchanged', run.unchanged],
    ['Unavailable', run.unavailable],
    ['Failed', run.failed],
  ];
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 3, xs: 5 }} spacing="xs" aria-label="Run counts" role="list">
        {counts.map(([label, value]) => (
          <div key={label} role="listitem" aria-label={`${label}: ${value}`}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={600}>{value}</Text>
          </div>
        ))}
      </SimpleGrid>
      {run.error && (
        <Alert color="red" p="xs">
          <Text size="sm">The run stopped: {run.error}</Text>
        </Alert>
      )}
      {run.failures.length > 0 && (
        <Spoiler maxHeight={90} showLabel="Show all failures" hideLabel="Show fewer">
          <List size="sm" spacing={2} aria-label="Failures">
            {run.failures.map((f, i) => (
              <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
                <Text span size="sm" c="dimmed">
                  {f.where}:
                </Text>{' '}
                {f.reason}
              </List.Item>
            ))}
          </List>
          {run.failed > run.failures.length && (
            <Text size="xs" c="dimmed">
              … and {run.failed - run.failures.length} more
            </Text>
          )}
        </Spoiler>
      )}
    </Stack>
  );
}

function progressText(run: ExternalStoreRun | null): { label: string; percent: number | null } {
  if (!run || (run.phase === 'fetch' && run.total === 0)) return { label: 'Reading the source…', percent: null };
  const percent = run.total > 0 ? Math.round((run.done / run.total) * 100) : 100;
  if (run.phase === 'fetch') return { label: `Reading pages: ${run.done} of ${run.total}`, percent };
  return { label: `Saving items: ${run.done} of ${run.total}`, percent };
}

/**
 * Follows a run on its server-sent events stream: a progress bar while it runs, then its report. `onFinished`
 * lets the page read the store list again.
 */
export function LiveRun({ events, onFinished }: { events: string; onFinished: (run: ExternalStoreRun) => void }) {
  const [run, setRun] = useState<ExternalStoreRun | null>(null);
  const [lost, setLost] = useState(false);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  useEffect(() => {
    const source = new EventSource(events, { withCredentials: true });
    const read = (event: MessageEvent<string>) => JSON.parse(event.data) as ExternalStoreRun;
    source.addEventListener('progress', (event) => {
      setLost(false);
      setRun(read(event as MessageEvent<string>));
    });
    source.addEventListener('report', (event) => {
      source.close();
      const done = read(event as MessageEvent<string>);
      setRun(done);
      finished.current(done);
    });
    // The browser reconnects by itself; say so meanwhile.
    source.onerror = () => setLost(source.readyState !== EventSource.CLOSED);
    return () => source.close();
  }, [events]);

  if (run && run.status !== 'running') {
    return (
      <Stack gap="xs" aria-live="polite">
        <Text size="sm" fw={600}>
          {run.status === 'failed' ? 'The refresh failed' : 'Refresh finished'}
        </Text>
        <RunReport run={run} />
      </Stack>
    );
  }
  const { label, percent } = progressText(run);
  return (
    <Stack gap={4} aria-live="polite">
      <Text size="sm">{label}</Text>
      <Progress
        value={percent ?? 100}
        striped={percent === null}
        animated={percent === null}
        aria-label="Refresh progress"
      />
      {lost && (
        <Text size="xs" c="dimmed">
          Connection lost; reconnecting…
        </Text>
      )}
    </Stack>
  );
}

/** A store's past runs, newest first; a run with failures opens its report. */
export function RunHistory({ storeId }: { storeId: number }) {
  const runs = useExternalStoreRuns(storeId);
  const [open, setOpen] = useState<number | null>(null);
  if (runs.isLoading) return <Text size="sm">Loading runs…</Text>;
  if (runs.isError) return <Alert color="red">{runs.error.message}</Alert>;
  const items = runs.data!.items;
  if (items.length === 0) return <Text size="sm">No runs yet.</Text>;
  return (
    <DataTable
      minWidth={640}
      aria-label="Run history"
      verticalSpacing={4}
      columns={['Started', 'How', 'Status', 'New', 'Updated', 'Unchanged', 'Unavailable', 'Failed']}
    >
      {items.map((run) => (
        <RunRow
          key={run.id}
          run={run}
          open={open === run.id}
          onToggle={() => setOpen(open === run.id ? null : run.id)}
        />
      ))}
    </DataTable>
  );
}

function RunRow({ run, open, onToggle }: { run: ExternalStoreRun; open: boolean; onToggle: () => void }) {
  const hasDetail = run.failures.length > 0 || run.error !== null;
  return (
    <>
      <Table.Tr>
        <Table.Td>{when(run.startedAt)}</Table.Td>
        <Table.Td>{triggerLabel(run)}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <RunStatusBadge run={run} />
        </Table.Td>
        <Table.Td>{run.new}</Table.Td>
        <Table.Td>{run.updated}</Table.Td>
        <Table.Td>{run.unchanged}</Table.Td>
        <Table.Td>{run.unavailable}</Table.Td>
        <Table.Td>
          {hasDetail ? (
            <Anchor component="button" type="button" size="sm" onClick={onToggle} aria-expanded={open}>
              {run.failed} {open ? '(hide reasons)' : '(show reasons)'}
            </Anchor>
          ) : (
            run.failed
          )}
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr>
          <Table.Td colSpan={8}>
            <RunReport run={run} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
