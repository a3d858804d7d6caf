import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMdy } from '@pricehub/shared/rules/dates';
import { useSellerSales } from '../api/sales';
import { CampaignStatusBadge } from '../../../components/campaign/campaign-status-badge';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states';

/**
 * /seller/editSale without a code (an old bookmark, or the seed's path): the seller's sales to choose from, ended
 * ones last, instead of a dead end.
 */
export function ChooseSaleToEdit() {
  const sales = useSellerSales();
  const order = { running: 0, scheduled: 1, ended: 2 } as const;
  const list = [...(sales.data?.sales ?? [])].sort((a, b) => order[a.status] - order[b.status]);
  return (
    <Stack>
      <Title order={1} size="h2">
        Edit sale
      </Title>
      {sales.isLoading && <LoadingState label="Loading your sales" />}
      {sales.isError && <ErrorState error={sales.error} onRetry={() => void sales.refetch()} />}
      {sales.data && list.length === 0 && (
        <EmptyState title="You have no sales to edit yet.">
          <Button component={Link} to="/seller/addSale" leftSection={<IconPlus size={16} aria-hidden />}>
            Add sale
          </Button>
        </EmptyState>
      )}
      {list.length > 0 && (
        <>
          <Text c="dimmed">Choose the sale to edit:</Text>
          <Stack gap="xs" component="ul" aria-label="Your sales" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.map((s) => (
              <Paper key={s.code} component="li" withBorder p="sm" radius="md">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2}>
                    <Anchor component={Link} to={`/seller/editSale/${s.code}`} fw={600}>
                      {s.title}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {s.code} · {s.discount}% off · {formatMdy(s.startDate)} – {formatMdy(s.endDate)}
                    </Text>
                  </Stack>
                  <CampaignStatusBadge status={s.status} />
                </Group>
              </Paper>
            ))}
          </Stack>
          <Anchor component={Link} to="/seller/sales" size="sm">
            All sales and deals
          </Anchor>
        </>
      )}
    </Stack>
  );
}
