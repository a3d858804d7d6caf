import { Alert, Button, Center, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { messages } from '@pricehub/shared/messages';
import { passwordResetInput, type ShopRole as Role } from '@pricehub/shared/schemas/account';
import { ApiRequestError } from '../../../api/client';
import { notifySuccess } from '../../../components/notify';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useCompletePasswordReset, usePasswordResetCheck } from '../api/password-reset';
import { AuthCard } from '../components/auth-card';
import { FormSubmit } from '../../../components/form-alert';
import { NewPasswordInput } from '../../../components/new-password-input';
import { SellerAuthFrame } from '../components/seller-auth-frame';
import { useSchemaForm } from '../../../hooks/use-schema-form';

const paths = {
  customer: { login: '/login', forgot: '/forget-password' },
  seller: { login: '/sellerLogin', forgot: '/Cforget-password' },
} as const;

function LinkNotFound({ role }: { role: Role }) {
  return (
    <Stack align="center" ta="center" py={60} px="md">
      <IconLinkOff size={48} aria-hidden color="var(--mantine-color-gray-6)" />
      <Title order={1} size="h2">
        404: reset link not found
      </Title>
      <Text c="dimmed" maw={420}>
        {messages.password.resetInvalid}. Links work once and expire after one hour.
      </Text>
      <Button component={Link} to={paths[role].forgot}>
        Request a new link
      </Button>
    </Stack>
  );
}

function NewPasswordForm({ role, token }: { role: Role; token: string }) {
  const navigate = useNavigate();
  const complete = useCompletePasswordReset(token);
  const form = useSchemaForm(passwordResetInput, { password: '', confirmPassword: '' });

  const submit = form.onSubmit((input) =>
    complete.mutate(input, {
      onSuccess: () => {
        notifySuccess(messages.password.resetDone);
        navigate(paths[role].login, { replace: true });
      },
      onError: form.reportFailure,
    }),
  );

  return (
    <AuthCard title="Choose a new password" subtitle="Signing in with it ends every other session of this account.">
      <form ref={form.ref} onSubmit={submit} noValidate aria-label="Choose a new password">
        <Stack>
          <NewPasswordInput label="New password" required {...form.getInputProps('password')} />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <FormSubmit error={form.formError} loading={complete.isPending} fullWidth>
            Change password
          </FormSubmit>
        </Stack>
      </form>
    </AuthCard>
  );
}

function ResetPassword({ role }: { role: Role }) {
  const token = useParams().token ?? '';
  const check = usePasswordResetCheck(token);
  if (check.isPending) {
    return (
      <Center py={80}>
        <Loader aria-label="Checking the reset link" />
      </Center>
    );
  }
  if (check.error instanceof ApiRequestError && check.error.status === 404) return <LinkNotFound role={role} />;
  if (check.isError) {
    return (
      <Stack maw={480} mx="auto" py="xl">
        <Alert color="red" role="alert" title="The reset link could not be checked">
          {check.error.message}
        </Alert>
        <Button variant="light" onClick={() => check.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  return <NewPasswordForm role={role} token={token} />;
}

export function CustomerResetPasswordPage() {
  usePageTitle('Choose a new password');
  return <ResetPassword role="customer" />;
}

export function SellerResetPasswordPage() {
  usePageTitle('Choose a new seller password');
  return (
    <SellerAuthFrame>
      <ResetPassword role="seller" />
    </SellerAuthFrame>
  );
}
