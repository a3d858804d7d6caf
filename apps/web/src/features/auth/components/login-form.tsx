import { Anchor, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { messages } from '@pricehub/shared/messages';
import { loginInput, type Role, type SessionUser } from '@pricehub/shared/schemas/account';
import { notifySuccess } from '../../../components/notify';
import { useLogin } from '../api/login';
import { FormSubmit } from '../../../components/form-alert';
import { useSchemaForm } from '../../../hooks/use-schema-form';

interface LoginFormProps {
  role: Role;
  forgotPasswordPath: string;
  onSignedIn: (user: SessionUser) => void;
}

/** Email and password for either role; the role is fixed by the page, never chosen by the visitor. */
export function LoginForm({ role, forgotPasswordPath, onSignedIn }: LoginFormProps) {
  const form = useSchemaForm(loginInput, { email: '', password: '' });
  const login = useLogin();

  const submit = form.onSubmit(
    (input) =>
      login.mutate(input, {
        onSuccess: ({ user }) => {
          notifySuccess(messages.login.success);
          onSignedIn(user);
        },
        onError: form.reportFailure,
      }),
    { role },
  );

  return (
    <form ref={form.ref} onSubmit={submit} noValidate aria-label={role === 'seller' ? 'Seller sign-in' : 'Sign-in'}>
      <Stack>
        <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to={forgotPasswordPath} size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <FormSubmit error={form.formError} loading={login.isPending} fullWidth>
          Sign in
        </FormSubmit>
      </Stack>
    </form>
  );
}
