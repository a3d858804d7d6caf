import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { messages } from '@pricehub/shared/messages';
import { passwordChangeInput } from '@pricehub/shared/schemas/account';
import { useChangePassword } from '../api/password';
import { useSchemaForm } from '../hooks/use-schema-form';
import { CurrentPasswordInput } from './current-password-input';
import { FormSubmit } from './form-alert';
import { NewPasswordInput } from './new-password-input';
import { notifySuccess } from './notify';

const m = messages.password;

/**
 * Password change for the signed-in customer (/custPanel) or seller (profile page), with the same rules and messages:
 * the current password is checked by the server; the live hint under the new one is the spec's.
 */
export function PasswordChangeForm() {
  const form = useSchemaForm(passwordChangeInput, { currentPassword: '', newPassword: '' });
  const change = useChangePassword();
  const { newPassword } = form.values;
  const lengthOk = newPassword.length >= 8;
  const titleId = useId();

  const submit = form.onSubmit(async (input) => {
    notifySuccess((await change.mutateAsync(input)).message);
    form.reset();
  });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <form ref={form.ref} onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4" id={titleId}>
            Change password
          </Title>
          <Text size="sm" c="dimmed">
            Changing it signs you out on your other devices; this one stays signed in.
          </Text>
          <CurrentPasswordInput label="Current password" {...form.getInputProps('currentPassword')} withAsterisk />
          <NewPasswordInput label="New password" {...form.getInputProps('newPassword')} withAsterisk />
          {newPassword.length > 0 && (
            <Text size="sm" c={lengthOk ? 'green' : 'red'} aria-live="polite" data-testid="password-length">
              {lengthOk ? m.lengthOk : m.tooShort}
            </Text>
          )}
          <FormSubmit error={form.formError} loading={change.isPending}>
            Change password
          </FormSubmit>
        </Stack>
      </form>
    </Paper>
  );
}
