import type { FastifyPluginAsync } from 'fastify';
import type { PrepaidCardIssuer } from '../../providers/ports';
import { createSandboxPrepaidCards } from '../../providers/sandbox-prepaid-cards';
import { createStripeIssuingPrepaidCards } from '../../providers/stripe-issuing-prepaid-cards';
import type {
  MethodRouteDeps,
  MethodStartContext,
  StartedMethod,
} from '../payouts/method-definition';
import { createCardholders } from './cardholders';
import type { PrepaidCardSettings } from './prepaid-card-definition';
import { registerPrepaidCardJobs } from './prepaid-card-issuing';
import { createPrepaidCardMethod } from './prepaid-card-method';
import { prepaidCardRoutes } from './prepaid-card-routes';
import { createPrepaidCardWallet } from './prepaid-card-wallet';

/** What other features use of prepaid cards: the issuer, when one is configured. */
export interface PrepaidCardProvides {
  issuer: PrepaidCardIssuer | null;
}

export async function startPrepaidCards({
  settings,
  db,
  jobs,
  logger,
}: MethodStartContext<PrepaidCardSettings>): Promise<StartedMethod<PrepaidCardProvides>> {
  const issuer = createPrepaidCardIssuer(settings);
  if (issuer) await registerPrepaidCardJobs({ db, jobs, issuer, logger });
  const routes: FastifyPluginAsync<MethodRouteDeps> = async (v1, deps) => {
    if (!issuer) return;
    await v1.register(prepaidCardRoutes, {
      cardholders: createCardholders({ db: deps.db, issuer }),
      wallet: createPrepaidCardWallet({ db: deps.db, issuer, otp: deps.otp }),
    });
  };
  return {
    // Registered without an issuer all the same, so cards issued before are still shown.
    methods: [createPrepaidCardMethod({ jobs, offered: issuer !== null })],
    routes,
    provides: { issuer },
  };
}

/** The prepaid Visa card issuer configured; null without one (prepaid cards are not offered). */
function createPrepaidCardIssuer(settings: PrepaidCardSettings): PrepaidCardIssuer | null {
  switch (settings.PREPAID_CARD_PROVIDER) {
    case 'none':
      return null;
    case 'stripe_issuing':
      return createStripeIssuingPrepaidCards({
        apiKey: settings.STRIPE_ISSUING_API_KEY ?? '',
        ...(settings.STRIPE_BASE_URL ? { baseUrl: settings.STRIPE_BASE_URL } : {}),
      });
    case 'sandbox':
      return createSandboxPrepaidCards({ fulfilSeconds: settings.SANDBOX_PREPAID_FULFIL_SECONDS });
  }
}
