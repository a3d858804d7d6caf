import { Textarea, TextInput } from '@mantine/core';
import { customerProfileUpdate, type CustomerProfile } from '@pricehub/shared/schemas/account';
import { useProfile, useUpdateProfile } from '../../../api/profile';
import { notifySuccess } from '../../../components/notify';
import { ErrorState, LoadingState } from '../../../components/page-states';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { PhoneInput } from '../../../components/phone-input';
import { ProfilePanel } from './profile-panel';

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
    <ProfilePanel
      title="Edit Profile"
      anchor={{ id: 'profile', formLabel: 'Edit profile' }}
      form={form}
      onSubmit={submit}
      saving={update.isPending}
    >
      <TextInput label="Name" required autoComplete="name" {...form.getInputProps('name')} />
      <TextInput label="Email" value={profile.email} readOnly disabled description="Email cannot be changed" />
      <PhoneInput required {...form.getInputProps('phone')} />
      <TextInput label="City" required autoComplete="address-level2" {...form.getInputProps('city')} />
      <Textarea label="Address" autosize minRows={2} autoComplete="street-address" {...form.getInputProps('address')} />
    </ProfilePanel>
  );
}
