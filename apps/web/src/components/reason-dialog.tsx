import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { useSchemaForm } from '../hooks/use-schema-form';

interface ReasonDialogProps<S extends z.ZodType> {
  title: string;
  body: ReactNode;
  label: string;
  required: boolean;
  /** Parses `{ [field]: text }`, with the same messages as the server. */
  schema: S;
  field?: 'reason' | 'message';
  maxLength?: number;
  button: string;
  color: string;
  pending: boolean;
  /** The request's failure, shown above the buttons (the typed text stays). */
  error: Error | null;
  onSubmit: (value: z.output<S>) => void;
  onClose: () => void;
  /** More fields above the buttons (a refund's amount). */
  children?: ReactNode;
}

/**
 * A confirmation with a written reason or message (mailed to whom it concerns), checked with the server's schema
 * before it is sent: suspending a store, escalating a complaint, the operator's moderation decisions.
 */
export function ReasonDialog<S extends z.ZodType>({
  field = 'reason',
  maxLength = 2000,
  ...props
}: ReasonDialogProps<S>) {
  const form = useSchemaForm(props.schema, { [field]: '' });

  return (
    <Modal opened onClose={props.onClose} title={props.title} centered>
      <form ref={form.ref} onSubmit={form.onSubmit(props.onSubmit)} noValidate>
        <Stack>
          {typeof props.body === 'string' ? <Text size="sm">{props.body}</Text> : props.body}
          <Textarea
            label={props.label}
            required={props.required}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={maxLength}
            data-autofocus
            {...form.getInputProps(field)}
          />
          {props.children}
          {props.error && (
            <Alert color="red" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
              {props.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" color={props.color} loading={props.pending}>
              {props.button}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
