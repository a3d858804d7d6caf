import { Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { customerProfileUpdate, type CustomerProfile } from '@pricehub/shared/schemas/account';
import { useProfile, useUpdateProfile } from '../../../api/profile';
import { FormSubmit } from '../../../components/form-alert';
import { notifySuccess } from '../../../components/notify';
import { ErrorState, LoadingState } from '../../../components/page-states';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { PhoneInput } from '../../../components/phone-input';

/** Edit Profile: name, phone and city are required; the email is shown but cannot change. */
export function ProfileForm() {
  const profile = useProfile();
  if (profile.isLoading) return <LoadingState label="Loading your profile" />;
  if (profile.isError) return <ErrorState error={profile.error} onRetry={() => profile.refetch()} />;
  return <ProfileFields profile={profile.data!} />;
}

function ProfileFields({ profile }: { profile: CustomerProfile }) {
  const update = useUpdateProfile();
  const { name, phone, city, address } = profile;
  const form = useSchemaForm(customerProfileUpdate, { name, phone, city, address });

  const submit = form.onSubmit(async (input) =>
    notifySuccess((await update.mutateAsync({ ...input, address: input.address ?? '' })).message),
  );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="profile-title" id="profile">
      <form ref={form.ref} onSubmit={submit} noValidate aria-label="Edit profile">
        <Stack>
          <Title order={2} size="h4" id="profile-title">
            Edit Profile
          </Title>
          <TextInput label="Name" required autoComplete="name" {...form.getInputProps('name')} />
          <TextInput label="Email" value={profile.email} readOnly disabled description="Email cannot be changed" />
          <PhoneInput required {...form.getInputProps('phone')} />
          <TextInput label="City" required autoComplete="address-level2" {...form.getInputProps('city')} />
          <Textarea
            label="Address"
            autosize
            minRows={2}
            autoComplete="street-address"
            {...form.getInputProps('address')}
          />
          <FormSubmit error={form.formError} loading={update.isPending}>
            Save profile
          </FormSubmit>
        </Stack>
      </form>
    </Paper>
  );
}
