import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { passwordResetRequest, type Role } from '@pricehub/shared/schemas/account';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useRequestPasswordReset } from '../api/password-reset';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../../../components/form-alert';
import { SellerAuthFrame } from '../components/seller-auth-frame';
import { useSchemaForm } from '../../../hooks/use-schema-form';

function ForgotPasswordForm({ role }: { role: Role }) {
  const form = useSchemaForm(passwordResetRequest, { email: '' });
  const request = useRequestPasswordReset();
  const [answer, setAnswer] = useState<string | null>(null);
  const loginPath = role === 'seller' ? '/sellerLogin' : '/login';

  const submit = form.onSubmit(
    (input) => {
      setAnswer(null);
      request.mutate(input, { onSuccess: ({ message }) => setAnswer(message), onError: form.reportFailure });
    },
    { role },
  );

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle={`Enter the email of your ${role} account and we will mail you a link to choose a new one.`}
      footer={
        <Anchor component={Link} to={loginPath} size="sm">
          Back to sign in
        </Anchor>
      }
    >
      <form ref={form.ref} onSubmit={submit} noValidate aria-label="Request a password reset">
        <Stack>
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <FormAlert message={form.formError} />
          <FormAlert message={answer} tone="success" />
          {answer && (
            <Text size="sm" c="dimmed">
              The link works once and expires after one hour.
            </Text>
          )}
          <Button type="submit" fullWidth loading={request.isPending}>
            {answer ? 'Send the link again' : 'Send reset link'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

export function CustomerForgotPasswordPage() {
  usePageTitle('Reset your password');
  return <ForgotPasswordForm role="customer" />;
}

export function SellerForgotPasswordPage() {
  usePageTitle('Reset your seller password');
  return (
    <SellerAuthFrame>
      <ForgotPasswordForm role="seller" />
    </SellerAuthFrame>
  );
}
