import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';

interface ReasonDialogProps<S extends z.ZodType> {
  title: string;
  body: ReactNode;
  label: string;
  required: boolean;
  /** Parses `{ [field]: text }`, with the same messages as the server. */
  schema: S;
  field: 'reason' | 'message';
  button: string;
  color: string;
  pending: boolean;
  error: Error | null;
  onSubmit: (value: z.infer<S>) => void;
  onClose: () => void;
  /** More fields above the buttons (a refund's amount). */
  children?: ReactNode;
}

/** A confirmation with a written reason or message (mailed to whom it concerns), checked before it is sent. */
export function ModerationReasonDialog<S extends z.ZodType>(props: ReasonDialogProps<S>) {
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = props.schema.safeParse({ [props.field]: text });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    props.onSubmit(parsed.data);
  };

  return (
    <Modal opened onClose={props.onClose} title={props.title} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          {typeof props.body === 'string' ? <Text size="sm">{props.body}</Text> : props.body}
          <Textarea
            label={props.label}
            required={props.required}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={2000}
            value={text}
            error={fieldError}
            data-autofocus
            onChange={(e) => {
              setText(e.currentTarget.value);
              setFieldError(undefined);
            }}
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
