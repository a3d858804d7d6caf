import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';

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
