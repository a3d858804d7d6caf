import { Alert, Button, Grid, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { messages } from '@pricehub/shared/messages';
import { sellerProfileUpdate, type SellerProfile } from '@pricehub/shared/schemas/account';
import { ApiRequestError } from '../../../api/client';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useUpdateSellerProfile, type SellerProfileChanges } from '../api/profile';
import { fieldErrors } from '@pricehub/shared/schemas/error';

/** Edit the seller's name, store name, phone and whether the store is open; email and licence stay read-only. */
export function SellerProfileForm({ profile }: { profile: SellerProfile }) {
  const [values, setValues] = useState<SellerProfileChanges>({
    sellerName: profile.sellerName,
    storeName: profile.storeName,
    phoneNo: profile.phoneNo,
    storeStatus: profile.storeStatus,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateSellerProfile();

  const set = <K extends keyof SellerProfileChanges>(key: K, value: SellerProfileChanges[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = sellerProfileUpdate.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, 1));
      return;
    }
    try {
      notifySuccess((await update.mutateAsync(parsed.data)).message);
    } catch (error) {
      const message = error instanceof Error ? error.message : messages.generic.internal;
      setFormError(message);
      notifyError(message);
      if (error instanceof ApiRequestError) setErrors(error.fields);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            Store profile
          </Title>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Seller name"
                name="sellerName"
                value={values.sellerName}
                onChange={(e) => set('sellerName', e.currentTarget.value)}
                error={errors.sellerName}
                withAsterisk
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Store name"
                name="storeName"
                value={values.storeName}
                onChange={(e) => set('storeName', e.currentTarget.value)}
                error={errors.storeName}
                withAsterisk
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Phone number"
                name="phoneNo"
                type="tel"
                value={values.phoneNo}
                onChange={(e) => set('phoneNo', e.currentTarget.value)}
                error={errors.phoneNo}
                withAsterisk
              />
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
                onChange={(v) => set('storeStatus', v as 'open' | 'closed')}
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
          {formError && (
            <Alert color="red" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
              {formError}
            </Alert>
          )}
          <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
            Save profile
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
