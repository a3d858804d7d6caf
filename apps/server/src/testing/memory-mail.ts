import type { MailMessage, MailTransport } from '../adapters/mail/transport';

/** Records mail instead of sending it; `fail` makes the next sends throw (to test retries). */
export function memoryMail(): MailTransport & { sent: MailMessage[]; fail: number } {
  const transport = {
    kind: 'log' as const,
    sent: [] as MailMessage[],
    fail: 0,
    async send(message: MailMessage) {
      if (transport.fail > 0) {
        transport.fail--;
        throw new Error('simulated SMTP failure');
      }
      transport.sent.push(message);
    },
    close() {},
  };
  return transport;
}
