import { Badge, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AuditEntry } from '@pricehub/shared/schemas/operator';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useAudit } from '../api/audit';
import { FilterBar, FilterSelect } from '../components/filter-bar';
import { PagedCardList } from '../components/paged-list';
import { searchWords, useUrlFilters } from '../components/use-url-filters';

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

/** /operator/audit: every operator action, newest first, with what it changed. */
export function AuditPage() {
  usePageTitle('Audit log');
  const [filter, setFilter] = useUrlFilters((params) => ({
    q: params.get('q') ?? '',
    action: params.get('action') ?? undefined,
  }));
  const audit = useAudit(filter);
  const actions = audit.data?.actions ?? [];

  return (
    <Stack>
      <Title order={1} size="h2">
        Audit log
      </Title>
      <FilterBar
        searchLabel="Search the audit log"
        inputLabel="Who, what or why"
        placeholder="Operator, store or reason"
        {...searchWords(filter, setFilter)}
      >
        <FilterSelect
          label="Action"
          data={[{ value: '', label: 'Every action' }, ...actions.map((a) => ({ value: a, label: actionLabel(a) }))]}
          value={filter.action ?? ''}
          onChange={(v) => setFilter({ action: v || undefined, page: 1 })}
          width={220}
        />
      </FilterBar>
      <PagedCardList
        query={audit}
        loadingLabel="Loading the audit log"
        emptyMessage={filter.q || filter.action ? 'Nothing matches this search.' : 'No operator actions yet.'}
        noun="entries"
        onPage={(page) => setFilter({ page })}
        label="Audit entries"
        ordered
        card={(entry) => <AuditRow key={entry.id} entry={entry} />}
      />
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
