import { Anchor, Button, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { messages } from '@pricehub/shared/messages';
import { customerRegistration } from '@pricehub/shared/schemas/account';
import { notifySuccess } from '../../../components/notify';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useRegisterCustomer } from '../api/register';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../../../components/form-alert';
import { NewPasswordInput } from '../../../components/new-password-input';
import { PhoneInput } from '../../../components/phone-input';
import { useSchemaForm } from '../../../hooks/use-schema-form';

export function CustomerRegisterPage() {
  usePageTitle('Create your account');
  const navigate = useNavigate();
  const location = useLocation();
  const register = useRegisterCustomer();
  const form = useSchemaForm(customerRegistration, { name: '', email: '', password: '', phone: '', address: '' });

  const submit = form.onSubmit((input) =>
    register.mutate(input, {
      onSuccess: () => {
        notifySuccess(messages.registration.customerCreated);
        // Keep where the shopper was heading, so signing in next still returns them there.
        navigate('/login', { state: location.state });
      },
      onError: form.reportFailure,
    }),
  );

  return (
    <AuthCard
      title="Create your account"
      subtitle="Compare prices across stores and buy from trusted sellers."
      footer={
        <Text size="sm">
          Already have an account?{' '}
          <Anchor component={Link} to="/login" state={location.state}>
            Sign in
          </Anchor>
        </Text>
      }
    >
      <form ref={form.ref} onSubmit={submit} noValidate aria-label="Create account">
        <Stack>
          <TextInput label="Name" autoComplete="name" required {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <NewPasswordInput label="Password" required {...form.getInputProps('password')} />
          <PhoneInput required {...form.getInputProps('phone')} />
          <Textarea
            label="Address"
            autoComplete="street-address"
            autosize
            minRows={2}
            required
            {...form.getInputProps('address')}
          />
          <FormAlert message={form.formError} />
          <Button type="submit" fullWidth loading={register.isPending}>
            Create account
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
