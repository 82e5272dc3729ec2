import type { BotAction } from '@refund/contracts/auth';

/** A text message to a ten-digit US phone number. */
export interface SmsMessage {
  to: string;
  body: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

export interface BotCheck {
  token: string;
  action: BotAction;
  remoteIp: string;
}

/** Bot protection: answers whether the token proves a human doing this action. */
export interface BotVerifier {
  verify(check: BotCheck): Promise<boolean>;
}
