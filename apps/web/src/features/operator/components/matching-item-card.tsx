import { Anchor, Badge, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import type { MatchingItem } from '@pricehub/shared/schemas/operator-matching';
import type { MatchingDialog } from './matching-action-dialog';
import { MatchingCompareTable } from './matching-compare-table';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const specs = (p: { ram: number; storage: number }) =>
  [p.ram > 0 ? `${p.ram} GB RAM` : '', p.storage > 0 ? `${p.storage} GB` : ''].filter(Boolean).join(' · ') ||
  'no specs';

/**
 * One offer of the queue: where it is, the products it might rather be (near misses first), the three side by side,
 * and the actions. Every action opens a confirmation dialog (`onAct`).
 */
export function MatchingItemCard({ item, onAct }: { item: MatchingItem; onAct: (dialog: MatchingDialog) => void }) {
  const [candidateId, setCandidateId] = useState(item.candidates[0] ? String(item.candidates[0].id) : '');
  const candidate = item.candidates.find((c) => String(c.id) === candidateId);
  const headingId = `match-${item.kind}-${item.id}`;
  const ref = { kind: item.kind, id: item.id, name: item.name };
  return (
    <Paper component="li" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {item.name}
            </Title>
            <Text size="sm" c="dimmed">
              {item.kind === 'offers' ? 'Offer of' : 'Listing of'} {item.store.name} · {formatRs(item.price)} ·{' '}
              {dateTime.format(new Date(item.createdAt))}
              {item.url && (
                <>
                  {' · '}
                  <Anchor href={item.url} target="_blank" rel="noopener noreferrer" inherit>
                    Store page <IconExternalLink size={12} aria-hidden />
                  </Anchor>
                </>
              )}
            </Text>
          </div>
          <Badge color={item.reason === 'near-miss' ? 'orange' : 'blue'} variant="light">
            {item.reason === 'near-miss' ? 'Near miss' : 'Matched by name'}
          </Badge>
        </Group>
        <Text size="sm">
          On{' '}
          <Anchor component={Link} to={`/operator/catalogue/${item.product.id}`} inherit>
            #{item.product.id} {item.product.name}
          </Anchor>{' '}
          ({specs(item.product)}, {item.product.offerCount} {item.product.offerCount === 1 ? 'store' : 'stores'})
        </Text>
        {item.candidates.length > 0 ? (
          <Radio.Group label="Compare with" value={candidateId} onChange={setCandidateId}>
            <Stack gap={6} mt={6}>
              {item.candidates.map((c) => (
                <Radio
                  key={c.id}
                  value={String(c.id)}
                  label={
                    <>
                      #{c.id} {c.name} ({specs(c)}, {c.offerCount} {c.offerCount === 1 ? 'store' : 'stores'})
                      {c.nearMiss && (
                        <Badge ml="xs" size="xs" color="orange" variant="outline">
                          same model, other specs
                        </Badge>
                      )}
                    </>
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
        ) : (
          <Text size="sm" c="dimmed">
            No other product looks like this one.
          </Text>
        )}
        <MatchingCompareTable item={item} candidate={candidate} />
        <Group gap="xs" wrap="wrap">
          <Button size="xs" color="green" onClick={() => onAct({ kind: 'confirm', item: ref, product: item.product })}>
            Confirm match
          </Button>
          <Button
            size="xs"
            variant="light"
            disabled={!candidate}
            onClick={() => candidate && onAct({ kind: 'move', item: ref, product: item.product, target: candidate })}
          >
            Move to #{candidate?.id ?? '…'}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            disabled={!candidate}
            onClick={() => candidate && onAct({ kind: 'merge', products: [item.product, candidate] })}
          >
            Merge products
          </Button>
          <Button
            size="xs"
            variant="light"
            color="orange"
            onClick={() => onAct({ kind: 'split', item: ref, product: item.product })}
          >
            Split out
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
