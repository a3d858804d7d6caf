import { Alert, Button, Paper, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { formatRs } from '@pricehub/shared/rules/money';
import { complaintInput } from '@pricehub/shared/schemas/complaint';
import { ApiRequestError } from '../../../api/client';
import { notifyError, notifySuccess } from '../../../components/notify';
import { RequireRole } from '../../../components/require-role';
import { usePageTitle } from '../../../components/page-title';
import { useFileComplaint, useMyOrderOptions } from '../api/complaints';
import { fieldErrors } from '@pricehub/shared/schemas/error';

function ComplaintForm() {
  usePageTitle('Register a complaint');
  const navigate = useNavigate();
  const orders = useMyOrderOptions();
  const file = useFileComplaint();
  const [values, setValues] = useState({ orderId: '', subject: '', description: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = (key: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = complaintInput.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, 1));
      return;
    }
    try {
      notifySuccess((await file.mutateAsync(parsed.data)).message);
      navigate('/viewcomplain');
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Could not register the complaint';
      setFormError(message);
      notifyError(message);
      if (error instanceof ApiRequestError) setErrors(error.fields);
    }
  };

  const orderOptions = (orders.data ?? []).map((o) => ({
    value: o.orderId,
    label: [o.orderId, o.total !== undefined ? formatRs(o.total) : null, o.status].filter(Boolean).join(' · '),
  }));

  return (
    <Paper withBorder p="lg" radius="md" maw={640} mx="auto" w="100%">
      <form onSubmit={submit} noValidate>
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
            onChange={(v) => set('orderId', v ?? '')}
            error={
              errors.orderId ??
              (orders.isError ? 'Your orders could not be loaded' : undefined) ??
              (orders.data?.length === 0 ? 'You have no orders to complain about' : undefined)
            }
            searchable
            withAsterisk
          />
          <TextInput
            label="Subject"
            name="subject"
            value={values.subject}
            onChange={(e) => set('subject', e.currentTarget.value)}
            error={errors.subject}
            withAsterisk
            maxLength={200}
          />
          <Textarea
            label="Description"
            name="description"
            value={values.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            error={errors.description}
            withAsterisk
            autosize
            minRows={4}
            maxLength={4000}
          />
          {formError && (
            <Alert color="red" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
              {formError}
            </Alert>
          )}
          <Button type="submit" loading={file.isPending} style={{ alignSelf: 'flex-start' }}>
            Submit complaint
          </Button>
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
