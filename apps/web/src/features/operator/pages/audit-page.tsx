import { Badge, Button, Code, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditEntry } from '@pricehub/shared/schemas/operator';
import { usePageTitle } from '../../../components/page-title';
import { useAudit, type AuditFilter } from '../api/audit';
import { EmptyState, ErrorState, LoadingState } from '../components/page-states';
import { Pager } from '../components/pager';

/** Names people read; an action the page does not know yet is shown as it is stored. */
const actionLabels: Record<string, string> = {
  'store.suspend': 'Suspended a store',
  'store.reopen': 'Reopened a store',
  'operator.create': 'Created an operator',
  'review.hide': 'Hid a review',
  'review.unhide': 'Showed a review again',
  'review.dismiss-reports': 'Dismissed the reports of a review',
  'blog.hide': 'Hid a blog post',
  'blog.unhide': 'Showed a blog post again',
  'escalation.refund': 'Refunded an escalated complaint',
  'escalation.close': 'Closed an escalated complaint',
};
const actionLabel = (action: string) => actionLabels[action] ?? action;
const actionColor = (action: string) =>
  action.endsWith('.suspend') ? 'red' : action.endsWith('.reopen') ? 'green' : 'blue';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

function useFilter(): [AuditFilter, (next: AuditFilter) => void] {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page'));
  const filter: AuditFilter = {
    q: params.get('q') ?? '',
    action: params.get('action') ?? undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
  const update = (next: AuditFilter) => {
    const merged = { ...filter, ...next };
    const out = new URLSearchParams();
    if (merged.q) out.set('q', merged.q);
    if (merged.action) out.set('action', merged.action);
    if (merged.page && merged.page > 1) out.set('page', String(merged.page));
    setParams(out);
  };
  return [filter, update];
}

/** /operator/audit: every operator action, newest first, with what it changed. */
export function AuditPage() {
  usePageTitle('Audit log');
  const [filter, setFilter] = useFilter();
  const [words, setWords] = useState(filter.q ?? '');
  const audit = useAudit(filter);
  const actions = audit.data?.actions ?? [];

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ q: words.trim(), page: 1 });
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        Audit log
      </Title>
      <Paper withBorder p="md">
        <form onSubmit={search} role="search" aria-label="Search the audit log">
          <Group align="flex-end" wrap="wrap" gap="sm">
            <TextInput
              label="Who, what or why"
              placeholder="Operator, store or reason"
              value={words}
              onChange={(e) => setWords(e.currentTarget.value)}
              style={{ flex: '1 1 220px' }}
              maxLength={100}
            />
            <Select
              label="Action"
              data={[
                { value: '', label: 'Every action' },
                ...actions.map((a) => ({ value: a, label: actionLabel(a) })),
              ]}
              value={filter.action ?? ''}
              onChange={(v) => setFilter({ action: v || undefined, page: 1 })}
              allowDeselect={false}
              w={{ base: '100%', xs: 220 }}
            />
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
              Search
            </Button>
          </Group>
        </form>
      </Paper>
      {audit.isLoading ? (
        <LoadingState label="Loading the audit log" />
      ) : audit.isError ? (
        <ErrorState error={audit.error} onRetry={() => audit.refetch()} />
      ) : audit.data!.items.length === 0 ? (
        <EmptyState message={filter.q || filter.action ? 'Nothing matches this search.' : 'No operator actions yet.'} />
      ) : (
        <>
          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Audit entries">
            {audit.data!.items.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </Stack>
          <Pager
            page={audit.data!.page}
            pageSize={audit.data!.pageSize}
            total={audit.data!.total}
            noun="entries"
            onChange={(page) => setFilter({ page })}
          />
        </>
      )}
    </Stack>
  );
}

const show = (value: unknown) =>
  value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** Each value that changed (or was set), as "before → after". */
function Changes({ before, after }: Pick<AuditEntry, 'before' | 'after'>) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (keys.length === 0) return null;
  return (
    <Stack gap={2} component="dl" mt="xs" mb={0} mx={0}>
      {keys.map((key) => (
        <Group key={key} gap="xs" wrap="wrap" align="baseline">
          <Text component="dt" size="sm" c="dimmed">
            {key}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {before ? <Code>{show(before[key])}</Code> : null}
            {before && after ? ' → ' : null}
            {after ? <Code>{show(after[key])}</Code> : null}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <Paper component="li" withBorder p="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color={actionColor(entry.action)}>
            {actionLabel(entry.action)}
          </Badge>
          <Text fw={600}>{entry.target.name || entry.target.id}</Text>
          <Text size="sm" c="dimmed">
            {entry.target.type} {entry.target.id}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" component="time" dateTime={entry.at}>
          {dateTime.format(new Date(entry.at))}
        </Text>
      </Group>
      <Text size="sm" mt={4}>
        By {entry.actor}
      </Text>
      {entry.reason && (
        <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
          Reason: {entry.reason}
        </Text>
      )}
      <Changes before={entry.before} after={entry.after} />
    </Paper>
  );
}
