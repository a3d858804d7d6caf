import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useSuspension } from '../api/suspension';

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/**
 * Shown on every workspace page while the store is suspended: why, and what still works (docs/decisions/012). A
 * failed check shows nothing: the banner informs, the server enforces.
 */
export function SuspensionBanner() {
  const { data } = useSuspension();
  const suspension = data?.suspension;
  if (!suspension) return null;
  return (
    <Alert
      color="red"
      variant="light"
      mb="md"
      role="alert"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={`Your store is suspended since ${date.format(new Date(suspension.suspendedAt))}`}
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        Reason: {suspension.reason}
      </Text>
      <Text size="sm" mt={4}>
        Shoppers cannot find or buy your listings until PriceHub reopens the store. Orders already placed go on: keep
        fulfilling them, and answer complaints and returns as usual. Changes to your products and campaigns are kept,
        and show once the store reopens.
      </Text>
    </Alert>
  );
}
