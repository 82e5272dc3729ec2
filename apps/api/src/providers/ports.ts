import type { BotAction } from '@refund/contracts/auth';
import type { BrandCategory, BrandExpiry, BrandState } from '@refund/contracts/brands';
import type { GiftCardBarcodeFormat } from '@refund/contracts/giftcards';

/**
 * The same for every try to send one message (the id of the job that sends it). A try whose
 * outcome was lost (its connection cut after the provider took it) is followed by another: a
 * provider that can tell them apart keeps the message once. The sandbox does; Twilio's API has
 * no such key, so there a lost answer can mean the same text twice; e-mail carries it as its
 * Message-ID, by which mail clients drop a second copy.
 */
export type DeliveryKey = string;

/** A text message to a ten-digit US phone number. */
export interface SmsMessage {
  to: string;
  body: string;
  deliveryKey?: DeliveryKey;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  deliveryKey?: DeliveryKey;
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
  /** How long the brand's cards last. */
  expiry: BrandExpiry;
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
  /**
   * The barcode's symbology as the issuer names it; null without a barcode, or when the issuer
   * names none we can draw (the value is then shown, never drawn in a guessed format).
   */
  barcodeFormat: GiftCardBarcodeFormat | null;
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

/** A prepaid card's life at its issuer (Stripe Issuing's statuses). */
export type PrepaidCardStatus = 'inactive' | 'active' | 'canceled';

/** The person a prepaid card is issued to, as the issuer's cardholder record needs them. */
export interface PrepaidCardholder {
  firstName: string;
  lastName: string;
  email: string;
  /** E.164. */
  phone: string;
  address: { line1: string; line2: string | null; city: string; state: string; zipcode: string };
}

/** What we may keep of an issued card: never its number or CVC. */
export interface IssuedPrepaidCard {
  issuerCardId: string;
  last4: string;
  expMonth: number;
  expYear: number;
  status: PrepaidCardStatus;
}

export type PrepaidCardIssueResult =
  | { status: 'processing' }
  | { status: 'issued'; card: IssuedPrepaidCard }
  | { status: 'failed'; reason: string };

/** A card as the issuer keeps it now: its status and what is left to spend. */
export interface PrepaidCardState extends IssuedPrepaidCard {
  loadedCents: number;
  balanceCents: number;
}

/** The card's secrets, read from the issuer when its owner asks and passed straight through. */
export interface PrepaidCardSecrets {
  number: string;
  cvc: string;
  expMonth: number;
  expYear: number;
}

/** An issuer of virtual prepaid Visa cards loaded with a fixed amount. */
export interface PrepaidCardIssuer {
  /**
   * The issuer's cardholder for one of our customers, created the first time. `customerId` is
   * our id for them and the idempotency key. Throws when the issuer does not answer.
   */
  cardholder(customerId: string, person: PrepaidCardholder): Promise<string>;
  /**
   * Issues one inactive virtual card loaded with `amountCents`. `reference` is our id for it and
   * the issuer's idempotency key: issuing again with it answers the same card. Throws when the
   * issuer does not answer (the card may or may not exist; issuing again finds out).
   */
  issue(input: {
    reference: string;
    issuerCardholderId: string;
    amountCents: number;
  }): Promise<PrepaidCardIssueResult>;
  /**
   * The card issued under `reference` to this cardholder, found without issuing anything:
   * `not_found` when the issuer has none (the request never reached it).
   */
  lookup(input: {
    reference: string;
    issuerCardholderId: string;
  }): Promise<PrepaidCardIssueResult | { status: 'not_found' }>;
  card(issuerCardId: string): Promise<PrepaidCardState>;
  /** Moves an inactive card to active; an active one stays active. */
  activate(issuerCardId: string): Promise<PrepaidCardState>;
  secrets(issuerCardId: string): Promise<PrepaidCardSecrets>;
}

/** A fan's account in the sports merchant's loyalty program, linked once through its sign-in. */
export interface FanCashLink {
  /** The merchant's id for the fan: what credits are made to. */
  fanId: string;
  /** The fan's name as the merchant shows it (e.g. "Alex M."), so they see the right account. */
  displayName: string;
}

/** Where a FanCash credit stands at the merchant. */
export type FanCashCreditResult =
  /** Accepted, not yet on the fan's balance. */
  | { status: 'pending' }
  /** On the fan's FanCash balance. */
  | { status: 'credited'; creditId: string }
  /** Refused: nothing reaches the fan (unknown or unlinked fan, amount refused...). */
  | { status: 'failed'; reason: string };

/**
 * The sports merchant's loyalty program, crediting FanCash (its store credit). The fan links
 * their account once through the merchant's sign-in (OAuth 2's authorization code); credits are
 * then made server to server to the fan's id.
 */
export interface FanCashProgram {
  /** Where to send the customer to sign in at the merchant; `state` comes back with the code. */
  authorizeUrl(input: { state: string; redirectUri: string }): string;
  /**
   * The fan whose sign-in gave `code` (`redirectUri` is the one the sign-in was started with).
   * Throws ProviderHttpError: with status 400 and vendor code `invalid_grant` when the code is
   * unknown, used or expired; otherwise when the merchant does not answer.
   */
  completeLink(input: { code: string; redirectUri: string }): Promise<FanCashLink>;
  /**
   * Credits `amountCents` (whole cents, above zero) of FanCash to the fan. `externalReferenceId`
   * is our id for it (the redemption id) and the merchant's idempotency key: crediting again with
   * it answers the same credit, never a second one. Throws when the merchant does not answer (the
   * credit may or may not exist: `lookupCredit` finds out).
   */
  credit(input: {
    externalReferenceId: string;
    fanId: string;
    amountCents: number;
  }): Promise<FanCashCreditResult>;
  /**
   * The credit made under `externalReferenceId`, found without making one: `not_found` when the
   * merchant has none (the request never reached it, or it was refused outright). Throws when
   * the merchant does not answer.
   */
  lookupCredit(externalReferenceId: string): Promise<FanCashCreditResult | { status: 'not_found' }>;
}
