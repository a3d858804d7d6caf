import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { updateExternalStoreInput, type ExternalStore } from '@pricehub/shared/schemas/operator-external-stores';
import { notifySuccess } from '../../../components/notify';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useDeleteExternalStore, useUpdateExternalStore } from '../api/external-stores';

/** A one-line editor of a store's feed address, in place on its card. */
export function SourceEditor({ store, onDone }: { store: ExternalStore; onDone: () => void }) {
  const form = useSchemaForm(updateExternalStoreInput, { source: store.sourceKind === 'url' ? store.source : '' });
  const update = useUpdateExternalStore(store.id);
  const save = form.onSubmit((input) =>
    update.mutate(input, {
      onSuccess: () => {
        notifySuccess(`${store.name} will be read from the new address`);
        onDone();
      },
      onError: form.reportFailure,
    }),
  );
  const address = form.getInputProps('source');
  return (
    <form ref={form.ref} onSubmit={save} noValidate>
      <Group gap="xs" align="flex-start" mt={4}>
        <TextInput
          aria-label={`Address of ${store.name}`}
          placeholder="https://store.example/feed.xml"
          size="xs"
          {...address}
          // A one-line editor: the server's refusal shows under the address too.
          error={address.error ?? form.formError}
          maxLength={2000}
          style={{ flex: '1 1 240px' }}
          data-autofocus
        />
        <Button size="xs" type="submit" loading={update.isPending}>
          Save
        </Button>
        <Button size="xs" variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}

/** Deleting a store asks first, saying what goes with it. */
export function DeleteStoreDialog({ store, onClose }: { store: ExternalStore; onClose: () => void }) {
  const remove = useDeleteExternalStore(store.id);
  const offers = store.offers.total;
  return (
    <Modal opened onClose={onClose} title={`Delete ${store.name}?`} centered>
      <Stack>
        <Text size="sm">
          Its {offers} {offers === 1 ? 'offer leaves' : 'offers leave'} every product page at once, and their price
          history and reviews are deleted. Catalogue products stay; their lowest price and number of offers are
          recounted without this store. Its run history is deleted too. This cannot be undone.
        </Text>
        {remove.isError && (
          <Alert color="red" role="alert">
            {remove.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: (result) => {
                  notifySuccess(result.message);
                  onClose();
                },
              })
            }
          >
            Delete store and offers
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
