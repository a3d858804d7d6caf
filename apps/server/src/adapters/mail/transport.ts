import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
}

/** Sends one message or throws; the outbox worker owns retries. */
export interface MailTransport {
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface SmtpTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  /** Longest silence on an open connection. */
  socketTimeout: number;
}

/**
 * nodemailer waits up to 10 minutes on a silent socket by default; these end a hung send well inside the outbox's
 * send timeout and lease (modules/mail/outbox.ts), so a stuck server costs one retry, not a duplicate.
 */
export const SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

/** SMTP through nodemailer, e.g. smtp://user:pass@mail.example.com:587 (smtps:// for implicit TLS). */
export function smtpTransport(url: string, timeouts: SmtpTimeouts = SMTP_TIMEOUTS): MailTransport {
  const parsed = new URL(url);
  const local = parsed.hostname === '127.0.0.1' || parsed.hostname === 'localhost';
  const transporter = nodemailer.createTransport({
    host: parsed.hostname,
    port: Number(parsed.port || (parsed.protocol === 'smtps:' ? 465 : 587)),
    secure: parsed.protocol === 'smtps:',
    // A local relay (or a test server) rarely offers TLS; remote ones are upgraded with STARTTLS.
    ignoreTLS: local && parsed.protocol !== 'smtps:',
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
    ...timeouts,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail({ ...message, html: message.html ?? undefined });
    },
    close: () => transporter.close(),
  };
}

/** With no SMTP_URL configured, mail is written to the log so a developer can follow links (e.g. resets). */
export function logTransport(log: Pick<FastifyBaseLogger, 'info'>): MailTransport {
  return {
    kind: 'log',
    async send(message) {
      log.info(
        { mail: { to: message.to, subject: message.subject } },
        `mail (not sent, no SMTP_URL):\n${message.text}`,
      );
    },
    close() {},
  };
}
