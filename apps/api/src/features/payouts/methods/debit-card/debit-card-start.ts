import fs from 'node:fs';
import type { Db } from '../../../../db/database';
import type { CardPayoutProvider } from '../../../../providers/ports';
import { createSandboxCardPayouts } from '../../../../providers/sandbox-card-payouts';
import {
  createVisaDirectCardPayouts,
  type VisaDirectOriginator,
} from '../../../../providers/visa-direct-card-payouts';
import { createCardVault } from '../../../cards/card-vault';
import type { CommonSettings, MethodStartContext, StartedMethod } from '../../method-definition';
import { registerCardReturnJobs, SANDBOX_CARD_RETURN_QUEUE } from '../../payout-jobs';
import { createCardPushChecks, startCardPushChecks } from './card-push-checks';
import type { DebitCardSettings } from './debit-card-definition';
import { createDebitCardMethod } from './debit-card';
import { pushHolderOf } from './push-holders';

type Settings = DebitCardSettings & CommonSettings;

/** What other features use of the debit card method: the provider's card-range lookup. */
export interface DebitCardProvides {
  cardPayouts: CardPayoutProvider;
}

export async function startDebitCard({
  settings,
  db,
  jobs,
  logger,
}: MethodStartContext<DebitCardSettings>): Promise<StartedMethod<DebitCardProvides>> {
  const provider = await createCardPayoutProvider(settings, db, {
    scheduleReturn: (redemptionId) =>
      jobs.send(
        SANDBOX_CARD_RETURN_QUEUE,
        { redemptionId },
        { startAfter: new Date(Date.now() + settings.SANDBOX_CARD_RETURN_DELAY_SECONDS * 1000) },
      ),
  });
  await registerCardReturnJobs(jobs, db);
  const vault = createCardVault(db, settings.VAULT_KEY);
  const checks = startCardPushChecks(
    createCardPushChecks({
      db,
      jobs,
      lookup: provider.cardPayouts,
      logger,
      checkAfterSeconds: settings.CARD_PUSH_CHECK_AFTER_SECONDS,
      notFoundAfterSeconds: settings.CARD_PUSH_NOT_FOUND_AFTER_SECONDS,
      intervalSeconds: settings.CARD_PUSH_CHECK_INTERVAL_SECONDS,
      vault,
    }),
    { intervalSeconds: settings.CARD_PUSH_CHECK_INTERVAL_SECONDS, logger },
  );
  return {
    methods: [
      createDebitCardMethod({
        db,
        cardPayouts: provider.cardPayouts,
        vault,
        holder: pushHolderOf(db),
      }),
    ],
    provides: { cardPayouts: provider.cardPayouts },
    stop: () => checks.stop(),
    release: () => provider.close(),
  };
}

const required = (value: string | undefined, name: string): string => {
  if (!value) throw new Error(`${name} is required`);
  return value;
};

/** Who we are to Visa, from configuration (the adapter's defaults are Visa's sandbox values). */
function visaOriginator(settings: Settings): VisaDirectOriginator {
  return {
    acquiringBin: required(settings.VISA_DIRECT_ACQUIRING_BIN, 'VISA_DIRECT_ACQUIRING_BIN'),
    acquirerCountryCode: settings.VISA_DIRECT_ACQUIRER_COUNTRY_CODE,
    businessApplicationId: 'FD',
    merchantCategoryCode: settings.VISA_DIRECT_MERCHANT_CATEGORY_CODE,
    sourceOfFundsCode: '05',
    senderName: settings.BRAND_NAME,
    cardAcceptor: {
      name: settings.BRAND_NAME,
      idCode: required(settings.VISA_DIRECT_CARD_ACCEPTOR_ID, 'VISA_DIRECT_CARD_ACCEPTOR_ID'),
      terminalId: required(settings.VISA_DIRECT_TERMINAL_ID, 'VISA_DIRECT_TERMINAL_ID'),
      address: {
        country: 'USA',
        state: required(
          settings.VISA_DIRECT_CARD_ACCEPTOR_STATE,
          'VISA_DIRECT_CARD_ACCEPTOR_STATE',
        ),
        zipCode: required(settings.VISA_DIRECT_CARD_ACCEPTOR_ZIP, 'VISA_DIRECT_CARD_ACCEPTOR_ZIP'),
        ...(settings.VISA_DIRECT_CARD_ACCEPTOR_COUNTY
          ? { county: settings.VISA_DIRECT_CARD_ACCEPTOR_COUNTY }
          : {}),
      },
    },
  };
}

/**
 * Push-to-card payouts, picked from configuration: the sandbox, or Visa Direct over mutual TLS
 * with the client certificate Visa issued (read at start-up, so a missing or unreadable file
 * stops the server rather than the first payout). undici (110 modules) loads for Visa alone.
 */
async function createCardPayoutProvider(
  settings: Settings,
  db: Db,
  sandbox: { scheduleReturn: (reference: string) => Promise<void> },
): Promise<{ cardPayouts: CardPayoutProvider; close(): Promise<void> }> {
  if (settings.CARD_PAYOUT_PROVIDER === 'sandbox') {
    return {
      cardPayouts: createSandboxCardPayouts({ db, scheduleReturn: sandbox.scheduleReturn }),
      close: () => Promise.resolve(),
    };
  }
  const pem = (file: string | undefined, name: string) => fs.readFileSync(required(file, name));
  const { Agent, fetch: undiciFetch } = await import('undici');
  const dispatcher = new Agent({
    connect: {
      cert: pem(settings.VISA_DIRECT_CERT_FILE, 'VISA_DIRECT_CERT_FILE'),
      key: pem(settings.VISA_DIRECT_KEY_FILE, 'VISA_DIRECT_KEY_FILE'),
      ...(settings.VISA_DIRECT_CA_FILE
        ? { ca: pem(settings.VISA_DIRECT_CA_FILE, 'VISA_DIRECT_CA_FILE') }
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
      baseUrl: settings.VISA_DIRECT_BASE_URL,
      userId: required(settings.VISA_DIRECT_USER_ID, 'VISA_DIRECT_USER_ID'),
      password: required(settings.VISA_DIRECT_PASSWORD, 'VISA_DIRECT_PASSWORD'),
      originator: visaOriginator(settings),
      fetchImpl: mutualTlsFetch,
    }),
    close: () => dispatcher.close(),
  };
}
