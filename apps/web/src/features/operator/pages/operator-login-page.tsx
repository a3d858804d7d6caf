import { Alert, Button, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { messages } from '@pricehub/shared/messages';
import { loginInput } from '@pricehub/shared/schemas/account';
import { useSession } from '../../../api/session';
import { notifySuccess } from '../../../components/notify';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useOperatorLogin } from '../api/operator-login';
import { StandaloneFrame } from '../../../components/standalone-frame';

/** Where RequireRole sent the operator from, if it is a page of the console (never another site). */
function useReturnPath(): string {
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && /^\/operator(\/|$)/.test(from) && !from.startsWith('//')
    ? from
    : '/operator/dashboard';
}

/** /operator/login: the console's own sign-in, apart from the shop's. Accounts come from the command line only. */
export function OperatorLoginPage() {
  usePageTitle('Operator sign in');
  const navigate = useNavigate();
  const to = useReturnPath();
  const { user } = useSession();
  const login = useOperatorLogin();
  const form = useSchemaForm(loginInput, { email: '', password: '' });

  if (user?.role === 'operator' && !login.isPending && !login.isSuccess) return <Navigate to={to} replace />;

  // The failure shows in the form's alert below (login.isError), not as a toast.
  const submit = form.onSubmit(
    ({ email, password }) =>
      login.mutate(
        { email, password },
        {
          onSuccess: () => {
            notifySuccess(messages.login.success);
            navigate(to, { replace: true });
          },
        },
      ),
    { role: 'operator' },
  );

  return (
    <StandaloneFrame area="Operations">
      <Container size={440} px={0} py={{ base: 'md', sm: 'xl' }} w="100%">
        <Title order={1} ta="center" size="h2">
          Operator sign in
        </Title>
        <Text c="dimmed" ta="center" size="sm" mt={6}>
          For the people who run PriceHub: sellers, the audit log and more.
        </Text>
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} mt="lg" radius="md">
          <form ref={form.ref} onSubmit={submit} noValidate aria-label="Operator sign-in">
            <Stack>
              <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                required
                {...form.getInputProps('password')}
              />
              {login.isError && (
                <Alert color="red" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
                  {login.error.message}
                </Alert>
              )}
              <Button type="submit" fullWidth loading={login.isPending}>
                Sign in
              </Button>
            </Stack>
          </form>
        </Paper>
        <Text ta="center" size="sm" mt="md" c="dimmed">
          Operator accounts are made on the server&apos;s command line only.
        </Text>
      </Container>
    </StandaloneFrame>
  );
}
