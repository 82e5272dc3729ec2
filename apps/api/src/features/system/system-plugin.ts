import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '@refund/contracts/app-config';
import type { Config } from '../../config';
import { appConfigRoutes } from './system-routes';

export interface SystemContext {
  config: Pick<
    Config,
    | 'BRAND_NAME'
    | 'SANDBOX'
    | 'SUPPORT_EMAIL'
    | 'BOT_PROVIDER'
    | 'BOT_SITE_KEY'
    | 'SENTRY_DSN_WEB'
    | 'SENTRY_ENVIRONMENT'
    | 'NODE_ENV'
    | 'POSTHOG_KEY'
    | 'POSTHOG_HOST'
  >;
  welcomeBonus: { amountCents: number; lastDay: string } | null;
}

/**
 * The public app configuration under /v1. The health probes answer outside it, without an auth
 * declaration, so the app registers them itself.
 */
export const systemPlugin: FastifyPluginAsync<SystemContext> = async (v1, context) => {
  const { config, welcomeBonus } = context;
  const appConfig: AppConfig = {
    brand_name: config.BRAND_NAME,
    sandbox: config.SANDBOX,
    support_email: config.SUPPORT_EMAIL,
    welcome_bonus: welcomeBonus
      ? { amount_in_cents: welcomeBonus.amountCents, last_day: welcomeBonus.lastDay }
      : null,
    bot_protection: { provider: config.BOT_PROVIDER, site_key: config.BOT_SITE_KEY ?? null },
    error_reporting: {
      dsn: config.SENTRY_DSN_WEB ?? null,
      environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV,
    },
    analytics: config.POSTHOG_KEY
      ? { provider: 'posthog', key: config.POSTHOG_KEY, host: config.POSTHOG_HOST }
      : { provider: 'first_party', key: null, host: null },
  };
  await v1.register(appConfigRoutes, { appConfig });
};
