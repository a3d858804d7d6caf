import { Stack, Textarea, TextInput } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { messages } from '@pricehub/shared/messages';
import { customerRegistration } from '@pricehub/shared/schemas/account';
import { notifySuccess } from '../../../components/notify';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useRegisterCustomer } from '../api/register';
import { AuthCard, AuthCardLink } from '../components/auth-card';
import { FormSubmit } from '../../../components/form-alert';
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
        <AuthCardLink question="Already have an account?" to="/login" state={location.state}>
          Sign in
        </AuthCardLink>
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
          <FormSubmit error={form.formError} loading={register.isPending} fullWidth>
            Create account
          </FormSubmit>
        </Stack>
      </form>
    </AuthCard>
  );
}
