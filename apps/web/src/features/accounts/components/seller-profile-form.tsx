import { Grid, SegmentedControl, Text, TextInput } from '@mantine/core';
import { sellerProfileUpdate, type SellerProfile } from '@pricehub/shared/schemas/account';
import { notifySuccess } from '../../../components/notify';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useUpdateSellerProfile, type SellerProfileChanges } from '../api/seller-profile';
import { ProfilePanel } from './profile-panel';

/** Edit the seller's name, store name, phone and whether the store is open; email and licence stay read-only. */
export function SellerProfileForm({ profile }: { profile: SellerProfile }) {
  const initial: SellerProfileChanges = {
    sellerName: profile.sellerName,
    storeName: profile.storeName,
    phoneNo: profile.phoneNo,
    storeStatus: profile.storeStatus,
  };
  const form = useSchemaForm(sellerProfileUpdate, initial);
  const { values, setValue } = form;
  const update = useUpdateSellerProfile();

  const submit = form.onSubmit(async (input) => notifySuccess((await update.mutateAsync(input)).message));

  return (
    <ProfilePanel title="Store profile" form={form} onSubmit={submit} saving={update.isPending}>
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Seller name" {...form.getInputProps('sellerName')} withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Store name" {...form.getInputProps('storeName')} withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Phone number" type="tel" {...form.getInputProps('phoneNo')} withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Email" value={profile.email} readOnly variant="filled" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="License ID" value={profile.licenseId} readOnly variant="filled" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Text fw={500} size="sm" mb={4} id="store-status-label">
            Store status
          </Text>
          <SegmentedControl
            aria-labelledby="store-status-label"
            value={values.storeStatus}
            onChange={(v) => setValue('storeStatus', v as 'open' | 'closed')}
            data={[
              { value: 'open', label: 'Open' },
              { value: 'closed', label: 'Closed' },
            ]}
            color={values.storeStatus === 'open' ? 'green' : 'red'}
          />
          {values.storeStatus === 'closed' && (
            <Text size="xs" c="dimmed" mt={4}>
              While closed, your products leave search and cannot be bought.
            </Text>
          )}
        </Grid.Col>
      </Grid>
    </ProfilePanel>
  );
}
