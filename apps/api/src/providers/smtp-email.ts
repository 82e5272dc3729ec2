import { ProviderFailure } from '../domain/provider-failure';
import type { EmailMessage, EmailSender } from './ports';

export interface SmtpEmailOptions {
  host: string;
  port: number;
  /** True for implicit TLS (usually port 465); false lets the server offer STARTTLS. */
  secure: boolean;
  user?: string;
  password?: string;
  /** Sender address, e.g. 'Refunds <no-reply@example.com>'. */
  from: string;
  /**
   * Refuse to go on without TLS. Defaults to true when credentials are set, so a server (or a
   * man in the middle) that stops offering STARTTLS cannot make us send the password in clear.
   */
  requireTls?: boolean;
  /** Applies to connecting, the greeting and each idle socket wait. */
  timeoutMs?: number;
}

/**
 * A failed send. SMTP replies often quote the recipient address, so the message keeps only the
 * codes and a reply with addresses removed; the original error is not kept as the cause.
 */
export class EmailProviderError extends ProviderFailure {
  override readonly name = 'EmailProviderError';
  readonly provider = 'smtp';
  /** A refused envelope (a bad address) is not the gateway's outage; anything else is. */
  get outage(): boolean {
    return this.code !== 'EENVELOPE';
  }

  constructor(
    message: string,
    /** nodemailer's code, e.g. EENVELOPE, EAUTH, ECONNECTION, ETIMEDOUT. */
    readonly code?: string,
    readonly responseCode?: number,
  ) {
    super(message);
  }
}

const withoutAddresses = (text: string): string =>
  text
    .replace(/<[^>]*>/g, '<[redacted]>')
    .replace(/[^\s<>"']+@[^\s<>"']+/g, '[redacted]')
    .slice(0, 200);

function toProviderError(error: unknown): EmailProviderError {
  // nodemailer sets these as own fields on its errors.
  const details: Record<string, unknown> =
    typeof error === 'object' && error !== null ? { ...error } : {};
  const code = typeof details.code === 'string' ? details.code : undefined;
  const responseCode = typeof details.responseCode === 'number' ? details.responseCode : undefined;
  const reply =
    typeof details.response === 'string' ? ` (${withoutAddresses(details.response)})` : '';
  return new EmailProviderError(
    `smtp: send failed${code ? ` ${code}` : ''}${reply}`,
    code,
    responseCode,
  );
}

export function createSmtpEmailSender(options: SmtpEmailOptions): EmailSender {
  const { host, port, secure, user, password, from, timeoutMs = 15_000 } = options;
  const senderDomain = /@([\w.-]+)/.exec(from)?.[1] ?? 'localhost';
  const auth = user === undefined ? undefined : { user, pass: password ?? '' };
  // nodemailer (39 modules) loads as the server starts, not before; a send waits for it.
  const transport = import('nodemailer').then(({ default: nodemailer }) =>
    nodemailer.createTransport({
      host,
      port,
      secure,
      auth,
      requireTLS: options.requireTls ?? auth !== undefined,
      // nodemailer's defaults wait minutes; sends run in background jobs that must not hang.
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    }),
  );
  // Said at the first send instead (below), not as an unhandled rejection.
  transport.catch(() => undefined);

  return {
    async send(message: EmailMessage): Promise<void> {
      try {
        const info = await (
          await transport
        ).sendMail({
          from,
          // An address object, not a string: a string is parsed as a list, so a value holding a
          // comma would quietly add recipients.
          to: { name: '', address: message.to },
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
          // Every try of one message has the same id, so a copy sent again is known as one.
          ...(message.deliveryKey === undefined
            ? {}
            : { messageId: `<${message.deliveryKey}@${senderDomain}>` }),
        });
        if (info.rejected.length > 0) {
          throw new EmailProviderError('smtp: recipient rejected', 'EENVELOPE');
        }
      } catch (error) {
        throw error instanceof EmailProviderError ? error : toProviderError(error);
      }
    },
  };
}
