import { Switch, Text } from '@mantine/core';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useSetWishlistAlerts, useWishlistAlerts } from '../api/wishlist-alerts';
import { ErrorState, LoadingState } from '../../../components/page-states';
import { SectionPanel } from '../../../components/section-panel';

/** The customer's choice of mail about saved products; every such mail also has a one-click unsubscribe link. */
export function WishlistAlertsSetting() {
  const settings = useWishlistAlerts();
  const change = useSetWishlistAlerts();
  // While the change is on its way the switch shows what was asked for; a failure puts it back.
  const enabled = change.isPending ? change.variables.enabled : settings.data?.enabled;

  return (
    <SectionPanel id="alerts" title="Wishlist alerts">
      {settings.isLoading ? (
        <LoadingState label="Loading your alert setting" />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        <Switch
          checked={enabled ?? false}
          disabled={change.isPending}
          onChange={(event) =>
            change.mutate(
              { enabled: event.currentTarget.checked },
              {
                onSuccess: (result) => notifySuccess(result.message),
                onError: (error) => notifyError(error.message),
              },
            )
          }
          label="Email me about my saved products"
          description="When a product on your wishlist drops in price, goes on sale or is back in stock. At most one mail per product a day."
        />
      )}
      <Text size="xs" c="dimmed">
        Every alert mail also has a link to stop them with one click.
      </Text>
    </SectionPanel>
  );
}
