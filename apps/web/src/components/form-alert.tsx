import { Alert, Button } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The box above a form's button: the server's answer, red when it refused, green when it accepted. */
export function FormAlert({ message, tone = 'error' }: { message: string | null; tone?: 'error' | 'success' }) {
  if (!message) return null;
  const Icon = tone === 'error' ? IconAlertCircle : IconCircleCheck;
  return (
    <Alert
      color={tone === 'error' ? 'red' : 'green'}
      icon={<Icon size={18} aria-hidden />}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {message}
    </Alert>
  );
}

interface FormSubmitProps {
  /** The form's `formError`: why the server refused the last submit. */
  error: string | null;
  /** While the submit is on its way: the button spins and cannot be pressed twice. */
  loading: boolean;
  /** As wide as the form (a sign-in card); otherwise the button keeps its width at the start of the column. */
  fullWidth?: boolean;
  children: ReactNode;
}

/** The end of a form in a column: the server's refusal, if any, above the submit button. */
export function FormSubmit({ error, loading, fullWidth, children }: FormSubmitProps) {
  return (
    <>
      <FormAlert message={error} />
      <Button
        type="submit"
        fullWidth={fullWidth}
        loading={loading}
        style={fullWidth ? undefined : { alignSelf: 'flex-start' }}
      >
        {children}
      </Button>
    </>
  );
}
