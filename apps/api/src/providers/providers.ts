import type { BaseLogger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { BotVerifier, EmailSender, SmsSender } from './ports';
import { createRecaptchaVerifier } from './recaptcha-bot';
import { createSandboxBotVerifier } from './sandbox-bot';
import { createSandboxEmailSender, createSandboxSmsSender } from './sandbox-messages';
import { createSmtpEmailSender } from './smtp-email';
import { createTurnstileVerifier } from './turnstile-bot';
import { createTwilioSmsSender } from './twilio-sms';

export interface Providers {
  sms: SmsSender;
  email: EmailSender;
  bot: BotVerifier;
}

/** Picks each port's implementation from configuration; the config schema checks credentials. */
export function createProviders(
  config: Config,
  db: Db,
  logger?: Pick<BaseLogger, 'warn' | 'info'>,
): Providers {
  const required = (value: string | undefined, name: string): string => {
    if (!value) throw new Error(`${name} is required`);
    return value;
  };
  const sms =
    config.SMS_PROVIDER === 'twilio'
      ? createTwilioSmsSender({
          accountSid: required(config.TWILIO_ACCOUNT_SID, 'TWILIO_ACCOUNT_SID'),
          authToken: required(config.TWILIO_AUTH_TOKEN, 'TWILIO_AUTH_TOKEN'),
          fromNumber: required(config.TWILIO_FROM_NUMBER, 'TWILIO_FROM_NUMBER'),
          ...(config.TWILIO_BASE_URL ? { baseUrl: config.TWILIO_BASE_URL } : {}),
        })
      : createSandboxSmsSender(db);
  const email =
    config.EMAIL_PROVIDER === 'smtp'
      ? createSmtpEmailSender({
          host: required(config.SMTP_HOST, 'SMTP_HOST'),
          port: config.SMTP_PORT ?? (config.SMTP_SECURE ? 465 : 587),
          secure: config.SMTP_SECURE,
          ...(config.SMTP_USER ? { user: config.SMTP_USER } : {}),
          ...(config.SMTP_PASSWORD ? { password: config.SMTP_PASSWORD } : {}),
          from: config.EMAIL_FROM,
        })
      : createSandboxEmailSender(db);
  const botUrl = config.BOT_VERIFY_URL ? { baseUrl: config.BOT_VERIFY_URL } : {};
  const bot =
    config.BOT_PROVIDER === 'recaptcha'
      ? createRecaptchaVerifier({
          secret: required(config.BOT_SECRET, 'BOT_SECRET'),
          minScore: config.BOT_MIN_SCORE,
          ...botUrl,
          ...(logger ? { logger } : {}),
        })
      : config.BOT_PROVIDER === 'turnstile'
        ? createTurnstileVerifier({
            secret: required(config.BOT_SECRET, 'BOT_SECRET'),
            ...botUrl,
            ...(logger ? { logger } : {}),
          })
        : createSandboxBotVerifier();
  return { sms, email, bot };
}
