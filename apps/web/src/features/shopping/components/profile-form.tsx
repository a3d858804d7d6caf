import { Alert, Button, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { customerProfileUpdate } from '@pricehub/shared/schemas/account';
import { ApiRequestError } from '../../../api/client';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useProfile, useUpdateProfile } from '../api/profile';
import { ErrorState, LoadingState } from './page-states';
import { fieldErrors } from '@pricehub/shared/schemas/error';

type Fields = { name: string; phone: string; city: string; address: string };

/** Edit Profile: name, phone and city are required; the email is shown but cannot change. */
export function ProfileForm() {
  const profile = useProfile();
  const update = useUpdateProfile();
  const [values, setValues] = useState<Fields | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (profile.data && values === null) {
      const { name, phone, city, address } = profile.data;
      setValues({ name, phone, city, address });
    }
  }, [profile.data, values]);

  if (profile.isLoading || (profile.data && !values)) return <LoadingState label="Loading your profile" />;
  if (profile.isError) return <ErrorState error={profile.error} onRetry={() => profile.refetch()} />;
  const v = values!;

  const field = (name: keyof Fields) => ({
    name,
    value: v[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = e.currentTarget.value;
      setValues((old) => ({ ...old!, [name]: value }));
      setErrors(({ [name]: _, ...rest }) => rest);
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = customerProfileUpdate.safeParse(v);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, 1));
      return;
    }
    update.mutate(
      { ...parsed.data, address: parsed.data.address ?? '' },
      {
        onSuccess: (result) => notifySuccess(result.message),
        onError: (error) => {
          if (error instanceof ApiRequestError) setErrors(error.fields);
          setFormError(error.message);
          notifyError(error.message);
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="profile-title" id="profile">
      <form onSubmit={submit} noValidate aria-label="Edit profile">
        <Stack>
          <Title order={2} size="h4" id="profile-title">
            Edit Profile
          </Title>
          <TextInput label="Name" required autoComplete="name" {...field('name')} />
          <TextInput
            label="Email"
            value={profile.data!.email}
            readOnly
            disabled
            description="Email cannot be changed"
          />
          <TextInput label="Phone" required type="tel" autoComplete="tel" {...field('phone')} />
          <TextInput label="City" required autoComplete="address-level2" {...field('city')} />
          <Textarea label="Address" autosize minRows={2} autoComplete="street-address" {...field('address')} />
          {formError && (
            <Alert color="red" role="alert">
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
