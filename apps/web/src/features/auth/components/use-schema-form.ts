import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { messages } from '@pricehub/shared/messages';
import { ApiRequestError } from '../../../api/client';
import { notifyError } from '../../../components/notify';

type Values<K extends string> = Record<K, string>;

/**
 * A form checked by the same zod schema the server uses, so the spec's messages appear under the inputs before
 * anything is posted. Typed values are never cleared on failure; the server's `fields` land under the same inputs.
 */
export function useSchemaForm<S extends z.ZodType, K extends string>(schema: S, initial: Values<K>) {
  const [values, setValues] = useState<Values<K>>(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const ref = useRef<HTMLFormElement>(null);

  const focusField = (name: string | undefined) => {
    if (name) ref.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
  };

  const showErrors = (fields: Record<string, string>) => {
    setErrors(fields);
    focusField(Object.keys(values).find((k) => fields[k]));
  };

  const getInputProps = (name: K) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      // A message about a value the user is now changing is stale.
      setErrors(({ [name]: _, ...rest }) => rest);
    },
  });

  /** Validates with the schema (plus fixed values such as the role) and calls `onValid` with the parsed input. */
  const onSubmit =
    (onValid: (input: z.output<S>) => void, extra: Record<string, unknown> = {}) =>
    (event: FormEvent) => {
      event.preventDefault();
      setFormError(null);
      const parsed = schema.safeParse({ ...values, ...extra });
      if (parsed.success) {
        setErrors({});
        onValid(parsed.data);
        return;
      }
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        fields[key] ??= issue.message;
      }
      showErrors(fields);
    };

  /** Shows a failed request: its message in the form's alert and as a toast, its per-field messages under inputs. */
  const reportFailure = (error: unknown) => {
    const message = error instanceof Error ? error.message : messages.generic.internal;
    setFormError(message);
    notifyError(message);
    if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) showErrors(error.fields);
  };

  return { ref, values, errors, formError, getInputProps, onSubmit, reportFailure };
}
