import { notifications } from '@mantine/notifications';

/** Toasts with the spec's wording; success and failure look different, and both are announced to screen readers. */
export const notifySuccess = (message: string) => notifications.show({ message, color: 'green', autoClose: 3000 });
export const notifyError = (message: string) => notifications.show({ message, color: 'red', autoClose: 5000 });
