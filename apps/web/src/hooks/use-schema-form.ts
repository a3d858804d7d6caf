import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { messages } from '@pricehub/shared/messages';
import { fieldErrors } from '@pricehub/shared/schemas/error';
import { ApiRequestError } from '../api/client';
import { notifyError } from '../components/notify';

type StringKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

interface Options<V> {
  /** The schema's input from the typed values, where they differ ('' for "no number", ids typed as strings). */
  toInput?: (values: V) => unknown;
  /** Shown in the form's alert and as a toast when the schema refuses the values (besides each input's message). */
  invalidMessage?: string;
  /** The alert and toast for a failed request, when they should not both be its message (a general one for a 500). */
  failureText?: (error: unknown, message: string) => { alert: string; toast: string };
}

/**
 * A form checked by the same zod schema the server uses, so the spec's messages appear under the inputs before
 * anything is posted. Typed values are never cleared on failure; the server's `fields` land under the same inputs.
 * Every form of the app goes through it.
 */
export function useSchemaForm<S extends z.ZodType, V extends object>(
  schema: S,
  initial: V,
  { toInput = (values) => values, invalidMessage, failureText }: Options<V> = {},
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const ref = useRef<HTMLFormElement>(null);

  const focusField = (name: string | undefined) => {
    if (name) ref.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
  };

  const showErrors = (fields: Record<string, string>) => {
    setErrors(fields);
    focusField(Object.keys(values).find((k) => fields[k]));
  };

  /**
   * Sets one value; a message about a value the user is now changing is stale, so it goes. The same function on
   * every render, so an effect may fill a value in (an address once the profile arrives).
   */
  const setValue = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _, ...rest }) => rest);
  }, []);

  /** Name, value, message and change handler of a text input. */
  const getInputProps = (name: StringKey<V>) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValue(name, event.currentTarget.value as V[typeof name]),
  });

  /** Back to the initial values, for a form that stays on screen after saving (a new post after the last). */
  const reset = () => {
    setValues(initial);
    setErrors({});
    setFormError(null);
  };

  /** Shows a failed request: its message in the form's alert and as a toast, its per-field messages under inputs. */
  const reportFailure = (error: unknown) => {
    const message = error instanceof Error ? error.message : messages.generic.internal;
    const text = failureText?.(error, message) ?? { alert: message, toast: message };
    setFormError(text.alert);
    notifyError(text.toast);
    if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) showErrors(error.fields);
  };

  /**
   * Validates with the schema (plus fixed values such as the role) and calls `onValid` with the parsed input. When
   * `onValid` returns a promise, the form is `submitting` until it settles, and a failure is reported on the form.
   */
  const onSubmit =
    (onValid: (input: z.output<S>) => unknown, extra: Record<string, unknown> = {}) =>
    async (event: FormEvent) => {
      event.preventDefault();
      setFormError(null);
      const parsed = schema.safeParse({ ...(toInput(values) as object), ...extra });
      if (!parsed.success) {
        showErrors(fieldErrors(parsed.error.issues, 1));
        if (invalidMessage) {
          setFormError(invalidMessage);
          notifyError(invalidMessage);
        }
        return;
      }
      setErrors({});
      const result = onValid(parsed.data);
      if (!(result instanceof Promise)) return;
      setSubmitting(true);
      try {
        await result;
      } catch (error) {
        reportFailure(error);
      } finally {
        setSubmitting(false);
      }
    };

  return { ref, values, errors, formError, submitting, setValue, getInputProps, onSubmit, reportFailure, reset };
}
