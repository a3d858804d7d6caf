import { Paper, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import { complaintInput } from '@pricehub/shared/schemas/complaint';
import { FormSubmit } from '../../../components/form-alert';
import { notifySuccess } from '../../../components/notify';
import { RequireRole } from '../../../components/require-role';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useFileComplaint, useMyOrderOptions } from '../api/complaints';

function ComplaintForm() {
  usePageTitle('Register a complaint');
  const navigate = useNavigate();
  const orders = useMyOrderOptions();
  const file = useFileComplaint();
  const form = useSchemaForm(complaintInput, { orderId: '', subject: '', description: '' });
  const { values, errors, setValue } = form;

  const submit = form.onSubmit(async (input) => {
    notifySuccess((await file.mutateAsync(input)).message);
    navigate('/viewcomplain');
  });

  const orderOptions = (orders.data ?? []).map((o) => ({
    value: o.orderId,
    label: [o.orderId, o.total !== undefined ? formatRs(o.total) : null, o.status].filter(Boolean).join(' · '),
  }));

  return (
    <Paper withBorder p="lg" radius="md" maw={640} mx="auto" w="100%">
      <form ref={form.ref} onSubmit={submit} noValidate>
        <Stack>
          <Title order={1} size="h2">
            Register a complaint
          </Title>
          <Select
            label="Order"
            name="orderId"
            placeholder={orders.isLoading ? 'Loading your orders…' : 'Choose one of your orders'}
            data={orderOptions}
            value={values.orderId || null}
            onChange={(v) => setValue('orderId', v ?? '')}
            error={
              errors.orderId ??
              (orders.isError ? 'Your orders could not be loaded' : undefined) ??
              (orders.data?.length === 0 ? 'You have no orders to complain about' : undefined)
            }
            searchable
            withAsterisk
          />
          <TextInput label="Subject" {...form.getInputProps('subject')} withAsterisk maxLength={200} />
          <Textarea
            label="Description"
            {...form.getInputProps('description')}
            withAsterisk
            autosize
            minRows={4}
            maxLength={4000}
          />
          <FormSubmit error={form.formError} loading={file.isPending}>
            Submit complaint
          </FormSubmit>
        </Stack>
      </form>
    </Paper>
  );
}

export function RegisterComplaintPage() {
  return (
    <RequireRole role="customer">
      <ComplaintForm />
    </RequireRole>
  );
}
