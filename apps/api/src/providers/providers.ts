import fs from 'node:fs';
import type { BaseLogger } from 'pino';
import { Agent, fetch as undiciFetch } from 'undici';
import type { Config, EarnRewardOffer } from '../config';
import type { Db } from '../db/database';
import {
  createIncreaseAchPayouts,
  createIncreaseAchTransfers,
  type IncreaseAchTransfers,
} from './increase-ach-payouts';
import type {
  FanCashProgram,
  PrepaidCardIssuer,
  AchPayouts,
  BankLinking,
  BotVerifier,
  CardPayoutProvider,
  EmailSender,
  GiftCardIssuer,
  SmsSender,
} from './ports';
import { createSandboxAchPayouts, type SandboxAchReturnCode } from './sandbox-ach-payouts';
import {
  createSandboxBankLinking,
  sandboxLinkBanks,
  type SandboxBankLinking,
} from './sandbox-bank-linking';
import { createSandboxCardPayouts } from './sandbox-card-payouts';
import { createVisaDirectCardPayouts, type VisaDirectOriginator } from './visa-direct-card-payouts';
import { createRecaptchaVerifier } from './recaptcha-bot';
import { createSandboxBotVerifier } from './sandbox-bot';
import { createSandboxEmailSender, createSandboxSmsSender } from './sandbox-messages';
import { createSmtpEmailSender } from './smtp-email';
import { createTinkBankLinking } from './tink-bank-linking';
import { createTurnstileVerifier } from './turnstile-bot';
import { createTwilioSmsSender } from './twilio-sms';
import { createRunaGiftCardIssuer } from './runa-giftcards';
import { createFanaticsFanCash } from './fanatics-fancash';
import { createSandboxFanCash } from './sandbox-fancash';
import { createSandboxPrepaidCards } from './sandbox-prepaid-cards';
import { createStripeIssuingPrepaidCards } from './stripe-issuing-prepaid-cards';
import {
  createSandboxGiftCardIssuer,
  sandboxDisabledBrands,
  sandboxEarnRewardOffers,
  sandboxFeaturedBrands,
  sandboxTeamShopBrands,
} from './sandbox-giftcards';

export interface Providers {
  sms: SmsSender;
  email: EmailSender;
  bot: BotVerifier;
}

/** Providers whose sandbox needs the job queue (delayed callbacks), made once it runs. */
export interface PayoutProviders {
  cardPayouts: CardPayoutProvider;
  achPayouts: AchPayouts;
  bankLinking: BankLinking;
  /** The sandbox bank-linking provider when it is the one in use: its hosted page needs it. */
  sandboxBankLinking: SandboxBankLinking | null;
  /**
   * Banks only the bank-linking provider in use knows, by routing number: the sandbox's test
   * banks, and none for a real provider.
   */
  linkingBanks: readonly { routingNumber: string; name: string }[];
}

/** Where customers come back to after bank linking: the web app's routes (SPEC §2). */
export const bankLinkReturnUrls = (publicUrl: string) => ({
  success: new URL('/redeem/tink', publicUrl).toString(),
  failure: new URL('/bank-failure', publicUrl).toString(),
});

/** Increase in use for ACH: reading transfers back, and the secret its webhooks are signed with. */
export interface IncreaseWebhookProviders {
  transfers: IncreaseAchTransfers;
  webhookSecret: string;
}

/** Bank linking and ACH payouts, picked from configuration like the other ports. */
export function createBankProviders(
  config: Config,
  db: Db,
  sandbox: {
    scheduleAchSettlement: (
      reference: string,
      returnCode: SandboxAchReturnCode | null,
    ) => Promise<void>;
  },
): Pick<PayoutProviders, 'achPayouts' | 'bankLinking' | 'sandboxBankLinking' | 'linkingBanks'> & {
  increase: IncreaseWebhookProviders | null;
} {
  const required = (value: string | undefined, name: string): string => {
    if (!value) throw new Error(`${name} is required`);
    return value;
  };
  const sandboxBankLinking =
    config.BANK_LINK_PROVIDER === 'sandbox'
      ? createSandboxBankLinking({
          db,
          pageUrl: new URL('/v1/sandbox/bank-link', config.PUBLIC_URL).toString(),
        })
      : null;
  const bankLinking =
    sandboxBankLinking?.linking ??
    createTinkBankLinking({
      clientId: required(config.TINK_CLIENT_ID, 'TINK_CLIENT_ID'),
      clientSecret: required(config.TINK_CLIENT_SECRET, 'TINK_CLIENT_SECRET'),
      redirectUri: bankLinkReturnUrls(config.PUBLIC_URL).success,
      market: config.TINK_MARKET,
      locale: config.TINK_LOCALE,
      ...(config.TINK_API_URL ? { apiUrl: config.TINK_API_URL } : {}),
      ...(config.TINK_LINK_URL ? { linkUrl: config.TINK_LINK_URL } : {}),
    });
  const increaseUrl = config.INCREASE_BASE_URL ? { baseUrl: config.INCREASE_BASE_URL } : {};
  const increase =
    config.ACH_PROVIDER === 'increase'
      ? {
          payouts: createIncreaseAchPayouts({
            apiKey: required(config.INCREASE_API_KEY, 'INCREASE_API_KEY'),
            accountId: required(config.INCREASE_ACCOUNT_ID, 'INCREASE_ACCOUNT_ID'),
            statementDescriptor: config.BRAND_NAME,
            ...increaseUrl,
          }),
          webhooks: {
            transfers: createIncreaseAchTransfers({
              apiKey: required(config.INCREASE_API_KEY, 'INCREASE_API_KEY'),
              ...increaseUrl,
            }),
            // Without it settlements and returns would never arrive: refuse to start.
            webhookSecret: required(config.INCREASE_WEBHOOK_SECRET, 'INCREASE_WEBHOOK_SECRET'),
          },
        }
      : null;
  const achPayouts =
    increase?.payouts ??
    createSandboxAchPayouts({ scheduleSettlement: sandbox.scheduleAchSettlement });
  return {
    achPayouts,
    bankLinking,
    sandboxBankLinking,
    linkingBanks: sandboxBankLinking ? sandboxLinkBanks : [],
    increase: increase?.webhooks ?? null,
  };
}

/** The card payout provider in use, and what to release when the server stops. */
export interface CardPayoutProviders {
  cardPayouts: CardPayoutProvider;
  close(): Promise<void>;
}

/** Who we are to Visa, from configuration (the adapter's defaults are Visa's sandbox values). */
function visaOriginator(config: Config, required: (v: string | undefined, n: string) => string) {
  const originator: VisaDirectOriginator = {
    acquiringBin: required(config.VISA_DIRECT_ACQUIRING_BIN, 'VISA_DIRECT_ACQUIRING_BIN'),
    acquirerCountryCode: config.VISA_DIRECT_ACQUIRER_COUNTRY_CODE,
    businessApplicationId: 'FD',
    merchantCategoryCode: config.VISA_DIRECT_MERCHANT_CATEGORY_CODE,
    sourceOfFundsCode: '05',
    senderName: config.BRAND_NAME,
    cardAcceptor: {
      name: config.BRAND_NAME,
      idCode: required(config.VISA_DIRECT_CARD_ACCEPTOR_ID, 'VISA_DIRECT_CARD_ACCEPTOR_ID'),
      terminalId: required(config.VISA_DIRECT_TERMINAL_ID, 'VISA_DIRECT_TERMINAL_ID'),
      address: {
        country: 'USA',
        state: required(config.VISA_DIRECT_CARD_ACCEPTOR_STATE, 'VISA_DIRECT_CARD_ACCEPTOR_STATE'),
        zipCode: required(config.VISA_DIRECT_CARD_ACCEPTOR_ZIP, 'VISA_DIRECT_CARD_ACCEPTOR_ZIP'),
        ...(config.VISA_DIRECT_CARD_ACCEPTOR_COUNTY
          ? { county: config.VISA_DIRECT_CARD_ACCEPTOR_COUNTY }
          : {}),
      },
    },
  };
  return originator;
}

/**
 * Push-to-card payouts, picked from configuration like the other ports: the sandbox, or Visa
 * Direct over mutual TLS with the client certificate Visa issued (read at start-up, so a missing
 * or unreadable file stops the server rather than the first payout).
 */
export function createCardPayoutProviders(
  config: Config,
  db: Db,
  sandbox: { scheduleReturn: (reference: string) => Promise<void> },
): CardPayoutProviders {
  if (config.CARD_PAYOUT_PROVIDER === 'sandbox') {
    return {
      cardPayouts: createSandboxCardPayouts({ db, scheduleReturn: sandbox.scheduleReturn }),
      close: () => Promise.resolve(),
    };
  }
  const required = (value: string | undefined, name: string): string => {
    if (!value) throw new Error(`${name} is required`);
    return value;
  };
  const pem = (file: string | undefined, name: string) => fs.readFileSync(required(file, name));
  const dispatcher = new Agent({
    connect: {
      cert: pem(config.VISA_DIRECT_CERT_FILE, 'VISA_DIRECT_CERT_FILE'),
      key: pem(config.VISA_DIRECT_KEY_FILE, 'VISA_DIRECT_KEY_FILE'),
      ...(config.VISA_DIRECT_CA_FILE
        ? { ca: pem(config.VISA_DIRECT_CA_FILE, 'VISA_DIRECT_CA_FILE') }
        : {}),
    },
  });
  // undici's own fetch, so the client certificate's dispatcher is the one that connects.
  const mutualTlsFetch = ((input: string, init?: RequestInit) =>
    undiciFetch(input, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    })) as unknown as typeof fetch;
  return {
    cardPayouts: createVisaDirectCardPayouts({
      baseUrl: config.VISA_DIRECT_BASE_URL,
      userId: required(config.VISA_DIRECT_USER_ID, 'VISA_DIRECT_USER_ID'),
      password: required(config.VISA_DIRECT_PASSWORD, 'VISA_DIRECT_PASSWORD'),
      originator: visaOriginator(config, required),
      fetchImpl: mutualTlsFetch,
    }),
    close: () => dispatcher.close(),
  };
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

/**
 * The gift card issuer configured, with its demo merchandising (the brands featured, switched off
 * and sold as team shops when configuration names none); null without an issuer.
 */
export function createGiftCardIssuer(config: Config): {
  issuer: GiftCardIssuer;
  demo: {
    featured: readonly string[];
    disabled: readonly string[];
    teamShops: readonly string[];
    earnRewards: readonly EarnRewardOffer[];
  };
} | null {
  if (config.GIFT_CARD_PROVIDER === 'none') return null;
  if (config.GIFT_CARD_PROVIDER === 'runa') {
    return {
      issuer: createRunaGiftCardIssuer({
        apiKey: config.RUNA_API_KEY ?? '',
        apiVersion: config.RUNA_API_VERSION,
        ...(config.RUNA_BASE_URL ? { baseUrl: config.RUNA_BASE_URL } : {}),
      }),
      demo: { featured: [], disabled: [], teamShops: [], earnRewards: [] },
    };
  }
  return {
    issuer: createSandboxGiftCardIssuer({
      fulfilSeconds: config.SANDBOX_GIFT_CARD_FULFIL_SECONDS,
    }),
    demo: {
      featured: sandboxFeaturedBrands,
      disabled: sandboxDisabledBrands,
      teamShops: sandboxTeamShopBrands,
      earnRewards: sandboxEarnRewardOffers,
    },
  };
}

/** The prepaid Visa card issuer configured; null without one (prepaid cards are not offered). */
export function createPrepaidCardIssuer(config: Config): PrepaidCardIssuer | null {
  switch (config.PREPAID_CARD_PROVIDER) {
    case 'none':
      return null;
    case 'stripe_issuing':
      return createStripeIssuingPrepaidCards({
        apiKey: config.STRIPE_ISSUING_API_KEY ?? '',
        ...(config.STRIPE_BASE_URL ? { baseUrl: config.STRIPE_BASE_URL } : {}),
      });
    case 'sandbox':
      return createSandboxPrepaidCards({ fulfilSeconds: config.SANDBOX_PREPAID_FULFIL_SECONDS });
  }
}

/** Where the sandbox's stand-in for the sports merchant's sign-in is served. */
export const sandboxFanCashLinkPage = (publicUrl: string) =>
  new URL('/v1/sandbox/fancash-link', publicUrl).toString();

/** The FanCash program configured; null without one (FanCash is not offered). */
export function createFanCashProgram(config: Config): FanCashProgram | null {
  switch (config.FANCASH_PROVIDER) {
    case 'none':
      return null;
    case 'fanatics':
      return createFanaticsFanCash({
        clientId: config.FANATICS_CLIENT_ID ?? '',
        clientSecret: config.FANATICS_CLIENT_SECRET ?? '',
        apiBaseUrl: config.FANATICS_API_URL ?? '',
        authBaseUrl: config.FANATICS_AUTH_URL ?? '',
      });
    case 'sandbox':
      return createSandboxFanCash({
        postSeconds: config.SANDBOX_FANCASH_POST_SECONDS,
        linkPageUrl: sandboxFanCashLinkPage(config.PUBLIC_URL),
      });
  }
}
