import type { BotAction } from '@refund/contracts/auth';
import type { BrandCategory, BrandState } from '@refund/contracts/brands';

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

/**
 * What the provider knows of a push whose answer never arrived: its outcome, that it has no
 * record of it, or that it has one without an outcome yet.
 */
export type CardPushOutcome = CardPushResult | { status: 'not_found' } | { status: 'pending' };

/**
 * Looks up a push by our reference, for when the push call gave no answer. Throws when the
 * provider itself does not answer; that is not an outcome.
 */
export interface CardPushLookup {
  lookup(reference: string): Promise<CardPushOutcome>;
}

/** A card payout provider: pushes, the card-range lookup, and the lookup of a push's outcome. */
export type CardPayoutProvider = CardPayouts & CardPushLookup;

export type BankAccountKind = 'checking' | 'savings';

/** A bank account a customer shared through bank linking, with the numbers ACH needs. */
export interface LinkedAccount {
  routingNumber: string;
  accountNumber: string;
  accountType: BankAccountKind;
  /** The bank's name, where the provider knows it. */
  bankName: string | null;
  /** The holder's name as the bank has it, where the provider gives it. */
  holderName: string | null;
}

/**
 * Bank linking: the customer is sent to the provider's page to pick their bank and sign in; the
 * provider sends them back to the web app (a return address registered with the provider) with
 * a one-time code and our `state`.
 */
export interface BankLinking {
  start(input: { state: string }): Promise<{ redirectUrl: string }>;
  /** The accounts the customer shared. A code that is unknown, used or expired throws. */
  exchange(input: { code: string; state: string }): Promise<LinkedAccount[]>;
}

/** The provider refused the code itself (unknown, used, expired, or not for this state). */
export class BankLinkCodeRejectedError extends Error {
  override readonly name = 'BankLinkCodeRejectedError';
}

export interface AchCredit {
  routingNumber: string;
  accountNumber: string;
  accountType: BankAccountKind;
  holderName: string;
  amountCents: number;
  /** Our payout id; the provider de-duplicates on it, so a retry never pays twice. */
  reference: string;
}

export type AchSubmitResult =
  { status: 'submitted'; providerReference: string } | { status: 'rejected'; reason: string };

/**
 * ACH credits (push payouts to a bank account). Submitting is not paying: the provider reports
 * settlement later, and a settled credit can still be returned by the receiving bank.
 */
export interface AchPayouts {
  submit(credit: AchCredit): Promise<AchSubmitResult>;
}

/** How a brand's card art is drawn (the API serves it as an image of its own; no hot-linking). */
export interface BrandArtwork {
  /** Background and accent colours, #rrggbb. */
  background: string;
  accent: string;
  /** One to three letters set on the card. */
  monogram: string;
  /** The pattern behind the monogram. */
  motif: 'stripes' | 'rings' | 'waves' | 'grid' | 'sun';
}

/** A brand as the gift card issuer lists it (Runa's product, Tango's brand). */
export interface IssuerBrand {
  providerBrandId: string;
  name: string;
  description: string;
  terms: string;
  categories: BrandCategory[];
  denominations:
    | { type: 'open'; minCents: number; maxCents: number; wholeDollars: boolean }
    | { type: 'fixed'; valuesCents: number[] };
  /** What the issuer charges below face value, in basis points (Runa's discount multiplier). */
  discountBps: number;
  redeemableOnline: boolean;
  redeemableInStore: boolean;
  expiryPolicy: string;
  balanceCheckUrl: string | null;
  state: BrandState;
  artwork: BrandArtwork;
}

/** What redeems an issued gift card: its code, and where the brand gives them, PIN, link, barcode. */
export interface GiftCardCredentials {
  code: string;
  pin: string | null;
  url: string | null;
  barcode: string | null;
  /** ISO date-time; null when the card does not expire. */
  expiresAt: string | null;
}

/** Where an order stands at the issuer. */
export type GiftCardOrderResult =
  | { status: 'processing'; issuerOrderId: string }
  | { status: 'issued'; issuerOrderId: string; credentials: GiftCardCredentials }
  | { status: 'failed'; reason: string };

/** A gift card issuer: its catalog, and orders for a brand's card. */
export interface GiftCardIssuer {
  /** Every brand the issuer lists now, orderable or not. Throws when the issuer does not answer. */
  catalog(): Promise<IssuerBrand[]>;
  /**
   * Orders one card. `reference` is our id for it and the issuer's idempotency key: ordering
   * again with it answers the same order. Throws when the issuer does not answer (the order may
   * or may not exist; ordering again with the reference finds out).
   */
  order(input: {
    reference: string;
    providerBrandId: string;
    amountCents: number;
  }): Promise<GiftCardOrderResult>;
  /** Where an order the issuer accepted stands now. Throws when the issuer does not answer. */
  orderStatus(issuerOrderId: string): Promise<GiftCardOrderResult>;
}
