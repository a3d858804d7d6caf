import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { messages } from '@pricehub/shared/messages';
import { sellerRegistration } from '@pricehub/shared/schemas/account';
import { notifySuccess } from '../../../components/notify';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useRegisterSeller } from '../api/register';
import { AuthCard, AuthCardLink } from '../components/auth-card';
import { FormSubmit } from '../../../components/form-alert';
import { NewPasswordInput } from '../../../components/new-password-input';
import { PhoneInput } from '../../../components/phone-input';
import { SellerAuthFrame } from '../components/seller-auth-frame';
import { useSchemaForm } from '../../../hooks/use-schema-form';

export function SellerRegisterPage() {
  usePageTitle('Register as a seller');
  const navigate = useNavigate();
  const register = useRegisterSeller();
  const form = useSchemaForm(sellerRegistration, {
    sellerName: '',
    storeName: '',
    email: '',
    password: '',
    phone: '',
    license: '',
  });

  const submit = form.onSubmit((input) =>
    register.mutate(input, {
      onSuccess: () => {
        notifySuccess(messages.registration.sellerCreated);
        navigate('/sellerLogin');
      },
      onError: form.reportFailure,
    }),
  );

  return (
    <SellerAuthFrame>
      <AuthCard
        title="Open your store"
        subtitle="List your phones, laptops and computers next to every other shop's price."
        footer={
          <AuthCardLink question="Already selling?" to="/sellerLogin">
            Seller sign in
          </AuthCardLink>
        }
      >
        <form ref={form.ref} onSubmit={submit} noValidate aria-label="Seller registration">
          <Stack>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput label="Your name" autoComplete="name" required {...form.getInputProps('sellerName')} />
              <TextInput label="Store name" autoComplete="organization" required {...form.getInputProps('storeName')} />
            </SimpleGrid>
            <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
            <NewPasswordInput label="Password" required {...form.getInputProps('password')} />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <PhoneInput required {...form.getInputProps('phone')} />
              <TextInput label="License ID" required {...form.getInputProps('license')} />
            </SimpleGrid>
            <FormSubmit error={form.formError} loading={register.isPending} fullWidth>
              Register store
            </FormSubmit>
          </Stack>
        </form>
      </AuthCard>
    </SellerAuthFrame>
  );
}
