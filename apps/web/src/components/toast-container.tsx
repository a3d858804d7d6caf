import { Notifications } from '@mantine/notifications';

/** Mantine's toast container, loaded with the first toast (see toast-signal.ts); it shows what is already queued. */
export default function ToastContainer() {
  return <Notifications position="top-right" limit={4} />;
}
