import { ProviderFailure } from '../domain/provider-failure';
import { z } from 'zod';
import type { SmsMessage, SmsSender } from './ports';

export interface TwilioSmsOptions {
  accountSid: string;
  authToken: string;
  /** Sender number in E.164, e.g. +15005550006. */
  fromNumber: string;
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

export type SmsFailureReason =
  'invalid-recipient' | 'http' | 'network' | 'timeout' | 'unexpected-answer';

/**
 * A failed send. Its message and fields are safe to log: they never hold the recipient, the text
 * (it carries one-time codes) or the credentials, so nothing sensitive reaches logs or error
 * reporting even when the error is serialized whole.
 */
export class SmsProviderError extends ProviderFailure {
  override readonly name = 'SmsProviderError';
  readonly provider = 'twilio';
  get outage(): boolean {
    if (this.reason === 'invalid-recipient') return false;
    return !(this.reason === 'http' && this.status !== undefined && this.status < 500);
  }

  constructor(
    readonly reason: SmsFailureReason,
    message: string,
    readonly status?: number,
    readonly vendorCode?: number,
  ) {
    super(message);
  }
}

// Twilio's documented error body; only the fields we use, the rest is ignored.
const twilioErrorSchema = z.object({
  code: z.number().int(),
  message: z.string(),
});

// A created message always carries its SID; without one the answer did not come from Twilio.
const twilioMessageSchema = z.object({ sid: z.string().min(1) });

/** Twilio echoes the number back in messages such as 21211's, so strip anything like one. */
function redact(text: string, secrets: readonly string[]): string {
  let clean = text;
  for (const secret of secrets) if (secret) clean = clean.split(secret).join('[redacted]');
  return clean.replace(/\+?\d[\d\s().-]{2,}\d/g, '[redacted]').slice(0, 200);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function createTwilioSmsSender(options: TwilioSmsOptions): SmsSender {
  const {
    accountSid,
    authToken,
    fromNumber,
    baseUrl = 'https://api.twilio.com',
    fetchImpl = fetch,
    timeoutMs = 10_000,
  } = options;
  const url = `${baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;

  return {
    async send(message: SmsMessage): Promise<void> {
      if (!/^\d{10}$/.test(message.to)) {
        throw new SmsProviderError(
          'invalid-recipient',
          'twilio: recipient is not a ten-digit US number',
        );
      }
      const to = `+1${message.to}`;
      const secrets = [to, message.to, message.body, authToken, accountSid];

      let response: Response;
      let answer: unknown;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ To: to, From: fromNumber, Body: message.body }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        // Read as text so a timeout while the body streams is still reported as a timeout.
        answer = parseJson(await response.text());
      } catch (error) {
        // The cause is dropped on purpose: fetch errors can quote the request they belong to.
        if (error instanceof Error && error.name === 'TimeoutError') {
          throw new SmsProviderError('timeout', `twilio: no answer within ${timeoutMs} ms`);
        }
        throw new SmsProviderError('network', 'twilio: request failed before an answer arrived');
      }

      if (!response.ok) {
        const parsed = twilioErrorSchema.safeParse(answer);
        const detail = parsed.success
          ? ` ${parsed.data.code}: ${redact(parsed.data.message, secrets)}`
          : '';
        throw new SmsProviderError(
          'http',
          `twilio: HTTP ${response.status}${detail}`,
          response.status,
          parsed.success ? parsed.data.code : undefined,
        );
      }
      // A 2xx that is not a message resource means something other than Twilio answered (a proxy,
      // a wrong base URL); treating it as sent would silently drop one-time codes.
      if (!twilioMessageSchema.safeParse(answer).success) {
        throw new SmsProviderError(
          'unexpected-answer',
          `twilio: HTTP ${response.status} without a message SID`,
          response.status,
        );
      }
    },
  };
}
