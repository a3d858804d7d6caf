import { notifications } from '@mantine/notifications';
import { toastSignal } from './toast-signal';

function show(message: string, color: 'green' | 'red', autoClose: number) {
  toastSignal.request();
  notifications.show({ message, color, autoClose });
}

/** Toasts with the spec's wording; success and failure look different, and both are announced to screen readers. */
export const notifySuccess = (message: string) => show(message, 'green', 3000);
export const notifyError = (message: string) => show(message, 'red', 5000);
