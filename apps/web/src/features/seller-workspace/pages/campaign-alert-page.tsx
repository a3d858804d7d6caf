import { Button, Code, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/page-title';

interface AlertCopy {
  title: string;
  body: string;
  next: { to: string; label: string }[];
}

/** The success screens after saving a campaign; the code comes in the URL so the page can be reloaded. */
function CampaignAlert({ title, body, next }: AlertCopy) {
  usePageTitle(title);
  const [params] = useSearchParams();
  const code = params.get('code');
  return (
    <Paper withBorder p="xl" radius="md" maw={560} mx="auto" mt="lg">
      <Stack align="center" ta="center">
        <ThemeIcon color="green" size={56} radius="xl" variant="light">
          <IconCircleCheck size={34} aria-hidden />
        </ThemeIcon>
        <div role="status">
          <Title order={1} size="h3">
            {title}
          </Title>
          <Text>{body}</Text>
        </div>
        {code && (
          <Text>
            Code: <Code fz="md">{code}</Code>
          </Text>
        )}
        <Group justify="center">
          {next.map((n, i) => (
            <Button key={n.to} component={Link} to={n.to} variant={i === 0 ? 'filled' : 'light'}>
              {n.label}
            </Button>
          ))}
          {code && title.startsWith('Sale') && (
            <Button component={Link} to={`/saleDetail/${code}`} variant="subtle">
              View sale page
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

export const SaleAlertPage = () => (
  <CampaignAlert
    title="Sale created"
    body="Your sale is saved. Its prices apply to the chosen products from its start date."
    next={[
      { to: '/seller/sales', label: 'View sales' },
      { to: '/seller/addSale', label: 'Add another sale' },
    ]}
  />
);

export const SaleUpdateAlertPage = () => (
  <CampaignAlert
    title="Sale updated"
    body="Your changes are saved."
    next={[{ to: '/seller/sales', label: 'View sales' }]}
  />
);

export const PromoAlertPage = () => (
  <CampaignAlert
    title="Promo code created"
    body="Shoppers can enter this code at checkout while it runs."
    next={[{ to: '/seller/addPromo', label: 'Back to promo codes' }]}
  />
);
