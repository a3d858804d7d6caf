import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { usePageTitle } from '../../../hooks/use-page-title';
import { notifySuccess } from '../../../components/notify';
import { PageHeader } from '../../../components/page-header';
import { useExternalStores } from '../api/external-stores';
import { ExternalStoreCard } from '../components/external-store-card';
import { ExternalStoreForm } from '../components/external-store-form';
import { CardList, QueryList } from '../components/paged-list';

/**
 * /operator/external-stores: the other stores whose offers PriceHub compares. Add one by an address or a file
 * (previewed first), refresh it now and watch the progress, pause it, change its interval, delete it, and read
 * its runs.
 */
export function ExternalStoresPage() {
  usePageTitle('Other stores');
  const stores = useExternalStores();
  const [adding, setAdding] = useState(false);
  // The first run of a store just added, followed live on its card.
  const [justAdded, setJustAdded] = useState<{ id: number; events: string } | null>(null);

  return (
    <Stack>
      <PageHeader
        title="Other stores"
        description="Stores whose offers and prices appear next to our sellers' on product pages."
      >
        {!adding && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            Add a store
          </Button>
        )}
      </PageHeader>
      {adding && (
        <ExternalStoreForm
          onCancel={() => setAdding(false)}
          onCreated={(created) => {
            notifySuccess(created.message);
            setJustAdded({ id: created.store.id, events: created.events });
            setAdding(false);
          }}
        />
      )}
      <QueryList
        query={stores}
        loadingLabel="Loading stores"
        emptyMessage="No other stores yet. Add one by the address of its feed, sitemap or pages, or upload a file."
      >
        {(data) => (
          <CardList label="Other stores">
            {data.items.map((store) => (
              <ExternalStoreCard
                key={store.id}
                store={store}
                liveEvents={justAdded?.id === store.id ? justAdded.events : undefined}
              />
            ))}
          </CardList>
        )}
      </QueryList>
    </Stack>
  );
}
