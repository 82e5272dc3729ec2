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

export type CardFunding = 'debit' | 'credit' | 'prepaid' | 'unknown';

export type CardPushResult =
  { status: 'succeeded'; networkReference: string } | { status: 'declined'; reason: string };

/** Push-to-card payouts (OCT) and the card-range lookup that tells debit from credit. */
export interface CardPayouts {
  fundingOf(cardNumber: string): Promise<CardFunding>;
  /** Pushes the payout; `reference` is our payout id, which the provider de-duplicates on. */
  push(input: {
    cardNumber: string;
    amountCents: number;
    reference: string;
  }): Promise<CardPushResult>;
}
