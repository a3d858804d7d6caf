import { Alert, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { messages } from '@pricehub/shared/messages';
import { passwordChangeInput } from '@pricehub/shared/schemas/account';
import { ApiRequestError } from '../api/client';
import { useChangePassword } from '../api/password';
import { notifyError, notifySuccess } from './notify';
import { fieldErrors } from '@pricehub/shared/schemas/error';

const m = messages.password;

/**
 * Password change for the signed-in customer (/custPanel) or seller (profile page), with the same rules and messages:
 * the current password is checked by the server; the live hint under the new one is the spec's.
 */
export function PasswordChangeForm() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const change = useChangePassword();
  const lengthOk = newPassword.length >= 8;
  const titleId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = passwordChangeInput.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, 1));
      return;
    }
    try {
      notifySuccess((await change.mutateAsync(parsed.data)).message);
      setCurrent('');
      setNew('');
      setErrors({});
    } catch (error) {
      const message = error instanceof Error ? error.message : messages.generic.internal;
      setFormError(message);
      notifyError(message);
      if (error instanceof ApiRequestError) setErrors(error.fields);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4" id={titleId}>
            Change password
          </Title>
          <Text size="sm" c="dimmed">
            Changing it signs you out on your other devices; this one stays signed in.
          </Text>
          <PasswordInput
            label="Current password"
            name="currentPassword"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => {
              setCurrent(e.currentTarget.value);
              setErrors(({ currentPassword: _, ...rest }) => rest);
            }}
            error={errors.currentPassword}
            withAsterisk
          />
          <PasswordInput
            label="New password"
            name="newPassword"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => {
              setNew(e.currentTarget.value);
              setErrors(({ newPassword: _, ...rest }) => rest);
            }}
            error={errors.newPassword}
            description="At least 8 characters, with an upper-case and a lower-case letter, a digit and a symbol."
            withAsterisk
          />
          {newPassword.length > 0 && (
            <Text size="sm" c={lengthOk ? 'green' : 'red'} aria-live="polite" data-testid="password-length">
              {lengthOk ? m.lengthOk : m.tooShort}
            </Text>
          )}
          {formError && (
            <Alert color="red" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
              {formError}
            </Alert>
          )}
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            Change password
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
