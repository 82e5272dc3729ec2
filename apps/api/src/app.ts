import fs from 'node:fs';
import type { Http2SecureServer } from 'node:http2';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyHttp2SecureOptions,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { RedemptionMode } from '@refund/contracts/wallet';
import type { Config } from './config';
import type { Database } from './db/database';
import { registerReadAfter } from './http/read-after';
import { asRequest } from './observability/work-context';
import { readServerTls } from './http/tls';
import { analyticsPlugin } from './features/analytics/analytics-plugin';
import {
  createTableServerAnalytics,
  type ServerAnalytics,
} from './features/analytics/server-analytics';
import { createAccessTokens } from './features/auth/access-token';
import { accountPlugin, type AccountContext } from './features/account/account-plugin';
import { authPlugin } from './features/auth/auth-plugin';
import { createAuthenticator, type Principal } from './features/auth/authenticate';
import { createCustomerCache } from './features/auth/customer-cache';
import { createOtpService, type OtpService } from './features/auth/otp-service';
import { createProfileReader, type KeptProfile } from './features/auth/profile-reader';
import { createEmailVerification } from './features/auth/email-verification';
import { createContactChangeReports } from './features/account/contact-change-reports';
import { createRefreshCookie } from './features/auth/refresh-cookie';
import { createSessionStore } from './features/auth/sessions';
import { filePlugin } from './features/files/file-plugin';
import { createMerchantAuthenticator } from './features/merchants/merchant-keys';
import { createBankAccounts, type BankAccounts } from './features/banks/bank-accounts';
import { bankPlugin } from './features/banks/bank-plugin';
import { createRoutingDirectory } from './features/banks/routing-directory';
import { createBankVault } from './features/banks/bank-vault';
import { createCardVault } from './features/cards/card-vault';
import { cardPlugin } from './features/cards/card-plugin';
import { createCards, type Cards } from './features/cards/cards';
import { giftCardPlugin } from './features/giftcards/giftcard-plugin';
import { createGiftCardWallet, type GiftCardWallet } from './features/giftcards/giftcard-wallet';
import { welcomeBonusOf, type WelcomeBonus } from './features/bonuses/welcome-bonus';
import { earnRewardPlugin } from './features/earn-rewards/earn-reward-plugin';
import { createEarnRewards } from './features/earn-rewards/earn-rewards';
import { promotionPlugin } from './features/promotions/promotion-plugin';
import { createPayoutMethods, methodRoutesPlugin, type StartedMethods } from './redemption-methods';
import { createPrepaidCardWallet } from './features/prepaid-cards/prepaid-card-wallet';
import type { RedemptionMethod } from './features/payouts/redemption-method';
import { payoutPlugin } from './features/payouts/payout-plugin';
import { refundPlugin } from './features/refunds/refund-plugin';
import { sandboxPlugin } from './features/sandbox/sandbox-plugin';
import { spotlightPlugin } from './features/spotlights/spotlight-plugin';
import { systemPlugin } from './features/system/system-plugin';
import { healthRoutes } from './features/system/system-routes';
import { walletPlugin } from './features/wallet/wallet-plugin';
import { walletBalance } from './features/wallet/wallet-balance';
import { walletStatement } from './features/wallet/wallet-statement';
import { listClaimedRefunds } from './features/refunds/refund-history';
import { webhookPlugin } from './features/webhooks/webhook-plugin';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandling,
} from './http/error-handler';
import { reportUnexpectedErrors } from './http/error-reporting';
import { declareRouteAuth } from './http/route-auth';
import {
  compressedVariants,
  preferredEncoding,
  type ContentEncoding,
} from './http/content-encoding';
import { inlinePagePolicy, securityHeaders, type SecurityHeaders } from './http/security-headers';
import type { JobQueue } from './jobs/job-queue';
import type { Metrics } from './observability/metrics';
import type { Providers } from './providers/providers';

export interface AppDeps {
  config: Config;
  database: Database;
  jobs: JobQueue;
  providers: Providers;
  /** The redemption methods, started (redemption-methods.ts). */
  methods: StartedMethods;
  logger: FastifyBaseLogger;
  /** Folder of the built web app to serve; none means API only. */
  webDistDir?: string | undefined;
  isShuttingDown?: () => boolean;
  /** Redemption methods registered beside the built-in ones. */
  redemptionMethods?: readonly RedemptionMethod[];
  /** Where server-side analytics events go; the analytics table when not given. */
  serverAnalytics?: ServerAnalytics;
  /** Counts and times the requests, when metrics are served (METRICS_PORT). */
  metrics?: Pick<Metrics, 'observe'> | undefined;
}

const BODY_LIMIT_BYTES = 64 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const publicUrl = new URL(config.PUBLIC_URL);
  const headers = securityHeaders({
    https: publicUrl.protocol === 'https:',
    botProvider: config.BOT_PROVIDER,
    errorReportingOrigin: config.SENTRY_DSN_WEB ? new URL(config.SENTRY_DSN_WEB).origin : null,
    analyticsOrigin: config.POSTHOG_KEY ? new URL(config.POSTHOG_HOST).origin : null,
  });
  const app = createFastify(deps, headers);
  // First: the rest of a request's handling is its work, and the jobs it queues say so.
  app.addHook('onRequest', (request, _reply, done) => asRequest(request.id, done));
  deps.metrics?.observe(app);
  registerErrorHandling(
    app,
    deps.webDistDir ? webAppFallback(app, deps.webDistDir, publicUrl) : undefined,
  );
  await reportUnexpectedErrors(app, config);
  addSecurityHeaders(app, headers);
  registerReadAfter(app, deps.database.reads, {
    secure: publicUrl.protocol === 'https:',
    maxLagMs: config.DATABASE_READ_MAX_LAG_MS,
  });

  if (config.API_DOCS) await registerApiDocs(app, config.BRAND_NAME);

  const context = featureContext(app, deps);
  await app.register(healthRoutes, {
    db: context.db,
    isShuttingDown: deps.isShuttingDown ?? (() => false),
  });
  // Every feature under /v1, whose routes must each declare who may call them (route-auth.ts).
  // A plugin's context type takes from the shared context what it reads.
  await app.register(
    async (v1) => {
      declareRouteAuth(v1, {
        customer: context.authenticator.principal,
        merchant: createMerchantAuthenticator(context.db, deps.database.changes),
      });
      await v1.register(systemPlugin, context);
      await v1.register(authPlugin, context);
      await v1.register(accountPlugin, context);
      await v1.register(refundPlugin, context);
      await v1.register(cardPlugin, context);
      await v1.register(payoutPlugin, context);
      await v1.register(bankPlugin, context);
      await v1.register(walletPlugin, context);
      await v1.register(giftCardPlugin, context);
      await v1.register(methodRoutesPlugin, context);
      await v1.register(earnRewardPlugin, context);
      await v1.register(promotionPlugin, context);
      await v1.register(sandboxPlugin, context);
      await v1.register(analyticsPlugin, context);
      await v1.register(filePlugin, context);
      await v1.register(spotlightPlugin, context);
      await v1.register(webhookPlugin, context);
    },
    { prefix: '/v1' },
  );

  return app;
}

/**
 * Fastify's compiler factories, answering zod's compilers. Fastify types them as Ajv's and
 * fast-json-stringify's; it calls them with a route's schema the same way.
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/** The Fastify instance with the app's options, before any hook or route. */
function createFastify(deps: AppDeps, headers: SecurityHeaders): FastifyInstance {
  const options = {
    loggerInstance: deps.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    // Only configured proxies may say who the client is (X-Forwarded-For); none by default.
    trustProxy: trustedProxies(deps.config.TRUST_PROXY),
    frameworkErrors: frameworkErrorHandler(headers.api),
    clientErrorHandler: clientErrorHandler(headers.api),
    routerOptions: { ignoreTrailingSlash: true },
    // Every schema is a zod one, checked and written by zod's compilers: Fastify's own (Ajv and
    // fast-json-stringify, 300 modules) are then never loaded, a tenth of a start.
    schemaController: { compilersFactory: zodCompilers },
    // One line a request, written when it is answered, instead of Fastify's two.
    logController: new OneLinePerRequest(),
    // A per-request child logger costs a redaction pass over its bindings; skip it when nothing
    // would be logged anyway. Fastify hands over options even when a route sets none: an empty
    // set goes to pino as none, which makes the child on its fast path instead of rebuilding
    // its serializers and formatters for every request.
    childLoggerFactory: (logger, bindings, childOptions) =>
      logger.level === 'silent'
        ? logger
        : logger.child(bindings, hasAny(childOptions) ? childOptions : undefined),
  } satisfies FastifyServerOptions;
  const tls = readServerTls(deps.config);
  // With TLS, HTTP/2 (a browser then loads the page's files over one connection), and HTTP/1.1
  // for clients without it. Its request and response objects answer what the HTTP/1 ones do, and
  // the app never reaches past Fastify's own: its options and routes keep the HTTP/1 types.
  const app = tls
    ? (Fastify({
        ...options,
        http2: true,
        https: { allowHTTP1: true, ...tls },
      } as unknown as FastifyHttp2SecureOptions<Http2SecureServer>) as unknown as FastifyInstance)
    : Fastify(options);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: a text body would otherwise reach validation as a string and read as a 400.
  app.removeContentTypeParser('text/plain');
  return app;
}

const hasAny = (options: object): boolean => {
  for (const _ in options) return true;
  return false;
};

/**
 * Fastify's request logging with one line a request instead of two: nothing when a request
 * arrives, and when it is answered its id, method and route (never the URL: see loggedPath), the
 * status and how long it took, with the error if it failed. Fastify's other lines (errors its
 * default handler answers, streams cut short) stay as they are.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info(
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
    }
  }
}

/** The API's headers on /v1, the web app's on everything else, and every answer's request id. */
function addSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/v1/') ? headers.api : headers.page);
    reply.header('x-request-id', request.id);
    done();
  });
  // The sandbox's own pages carry inline script and style: allow exactly those, by hash.
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (
      typeof payload === 'string' &&
      typeof type === 'string' &&
      type.startsWith('text/html') &&
      request.url.startsWith('/v1/')
    ) {
      reply.header('content-security-policy', inlinePagePolicy(payload));
    }
    done(null, payload);
  });
}

/**
 * What every feature's plugin is registered with: storage, jobs, configuration, the started
 * methods, and the services more than one feature uses, each made once here. A plugin's own
 * context type names the part of this it reads.
 */
function featureContext(app: FastifyInstance, deps: AppDeps) {
  const { config, database, jobs, logger, methods } = deps;
  const db = database.db;
  const signIn = signInServices(app, deps);
  const welcomeBonus = welcomeBonusOf(config);
  const cards = createCards({
    db,
    vault: createCardVault(db, config.VAULT_KEY),
    payouts: methods.debitCard.provides.cardPayouts,
  });
  const bankAccounts = createBankAccounts({
    db,
    vault: createBankVault(db, config.VAULT_KEY),
    directory: createRoutingDirectory(methods.bankAccount.provides.linkingBanks),
  });
  const giftCardWallet = createGiftCardWallet({
    db,
    otp: signIn.otp,
    vaultKey: config.VAULT_KEY,
    jobs,
    publicUrl: config.PUBLIC_URL,
  });
  const disabledModes = new Set<RedemptionMode>(config.DISABLED_REDEMPTION_METHODS);
  return {
    db,
    reads: database.reads,
    changes: database.changes,
    jobs,
    logger,
    config,
    methods,
    bot: deps.providers.bot,
    ...signIn,
    welcomeBonus,
    serverAnalytics: deps.serverAnalytics ?? createTableServerAnalytics(db, logger),
    redemptionMethods: createPayoutMethods(methods, disabledModes, deps.redemptionMethods ?? []),
    earnRewards: createEarnRewards(methods.giftCards.provides.earnRewardOffers),
    cards,
    bankAccounts,
    giftCardWallet,
    ...accountReaders(deps, { otp: signIn.otp, welcomeBonus, cards, bankAccounts, giftCardWallet }),
  };
}

/**
 * Signing in and what hangs on it: tokens and sessions, the customer caches, one-time passcodes
 * and the e-mail and contact-change links they send.
 */
function signInServices(app: FastifyInstance, deps: AppDeps) {
  const { config, database } = deps;
  const db = database.db;
  const accessTokens = createAccessTokens(config.JWT_SECRET, config.ACCESS_TOKEN_TTL_SECONDS);
  const sessions = createSessionStore(db, config.REFRESH_TOKEN_TTL_DAYS, {
    secret: config.OTP_SECRET,
  });
  // Session checks and profiles are kept until the database announces a change to their
  // customer; while it cannot, for AUTH_CACHE_SECONDS.
  const customerCache = <V>() => {
    const cache = createCustomerCache<V>({
      changes: database.changes,
      unheardTtlMs: config.AUTH_CACHE_SECONDS * 1000,
    });
    app.addHook('onClose', async () => cache.stop());
    return cache;
  };
  const authenticator = createAuthenticator(accessTokens, sessions, customerCache<boolean>());
  const profiles = createProfileReader(db, customerCache<KeptProfile | null>());
  const contactChanges = createContactChangeReports({
    db,
    publicUrl: config.PUBLIC_URL,
    onAccountChanged: (userId) => {
      profiles.invalidate(userId);
      authenticator.forget(userId);
    },
  });
  const emailVerification = createEmailVerification({
    db,
    jobs: deps.jobs,
    publicUrl: config.PUBLIC_URL,
    brandName: config.BRAND_NAME,
    contactChanges,
    onVerified: (userId) => {
      profiles.invalidate(userId);
      // A change of e-mail ends the account's other sessions: checked again from now on.
      authenticator.forget(userId);
    },
  });
  const otp = createOtpService({
    db,
    jobs: deps.jobs,
    onAccountCreated: (tx, userId) => emailVerification.sendIn(tx, userId),
    onSignedIn: (tx, userId, context) => contactChanges.resumeOnSignIn(tx, userId, context),
    sessions,
    accessTokens,
    secret: config.OTP_SECRET,
    brandName: config.BRAND_NAME,
    sendsPerHour: {
      sign_in: config.OTP_SENDS_PER_PHONE_PER_HOUR,
      claim: config.OTP_CLAIM_SENDS_PER_HOUR,
      withdrawal: config.OTP_WITHDRAWAL_SENDS_PER_HOUR,
      contact_change: config.OTP_CONTACT_CHANGE_SENDS_PER_HOUR,
    },
    sendsPerIpPerHour: config.OTP_SENDS_PER_IP_PER_HOUR,
  });
  const refreshCookie = createRefreshCookie({
    secure: new URL(config.PUBLIC_URL).protocol === 'https:',
    maxAgeSeconds: config.REFRESH_TOKEN_TTL_DAYS * 86_400,
  });
  return {
    accessTokens,
    sessions,
    authenticator,
    profiles,
    contactChanges,
    emailVerification,
    otp,
    refreshCookie,
  };
}

/**
 * What the account's data export and closure read of other features: the readers their own
 * screens use, so the export shows exactly what the customer sees.
 */
function accountReaders(
  deps: AppDeps,
  shared: {
    otp: OtpService;
    welcomeBonus: WelcomeBonus | null;
    cards: Cards;
    bankAccounts: BankAccounts;
    giftCardWallet: GiftCardWallet;
  },
): Pick<AccountContext, 'dataExportReaders' | 'closingBalance'> {
  const db = deps.database.db;
  const { welcomeBonus, cards, bankAccounts, giftCardWallet } = shared;
  const prepaidCardIssuer = deps.methods.prepaidCards.provides.issuer;
  const prepaidCardWallet = prepaidCardIssuer
    ? createPrepaidCardWallet({ db, issuer: prepaidCardIssuer, otp: shared.otp })
    : null;
  return {
    dataExportReaders: {
      balance: (userId) => walletBalance(db, userId, welcomeBonus),
      statement: (viewer, limit, cursor) => walletStatement(db, viewer.userId, limit, cursor),
      refunds: (viewer, limit, cursor) => listClaimedRefunds(db, viewer.userId, limit, cursor),
      giftCards: (['active', 'archived'] as const).map(
        (status) => (viewer: Principal, limit: number, cursor: string | undefined) =>
          giftCardWallet.list(viewer.userId, { status, limit, cursor }),
      ),
      prepaidCards: prepaidCardWallet
        ? (viewer, limit, cursor) => prepaidCardWallet.list(viewer.userId, { limit, cursor })
        : null,
      cards: (userId) => cards.list(userId),
      bankAccounts: (userId) => bankAccounts.list(userId),
    },
    closingBalance: (q, userId) => walletBalance(q, userId),
  };
}

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest to us. */
function trustedProxies(setting: Config['TRUST_PROXY']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** The OpenAPI document and its viewer at /v1/docs (off in production unless API_DOCS=true). */
async function registerApiDocs(app: FastifyInstance, brandName: string): Promise<void> {
  // Loaded only when the documentation is served (off by default in production).
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${brandName} API`,
        version: '1.0.0',
        description: 'Refunds as a Service: customer API',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          merchantKey: { type: 'http', scheme: 'bearer', description: 'A merchant API key (sk_…)' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/v1/docs', staticCSP: true });
}

const loopbackHost = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** The build names every file under assets/ by its content: a changed file gets a new name. */
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
const PRECOMPRESSED_SUFFIX = /\.(br|gz)$/;

/**
 * index.html in each encoding: the variants the build wrote beside it, or, for a folder built
 * without them, compressed here once.
 */
function indexVariants(indexFile: string): Record<ContentEncoding, Buffer> {
  const body = fs.readFileSync(indexFile);
  try {
    return {
      br: fs.readFileSync(`${indexFile}.br`),
      gzip: fs.readFileSync(`${indexFile}.gz`),
      identity: body,
    };
  } catch {
    return compressedVariants(body);
  }
}

/**
 * Serves the built single-page app: files from its folder, and index.html for any other GET
 * outside the API so the app's router can take it. Answers undefined where an API 404 is due.
 * Text files, index.html among them, go out in the brotli or gzip variant the build wrote beside
 * them; hashed files may be cached for good, everything else is checked again.
 */
function webAppFallback(app: FastifyInstance, dir: string, publicUrl: URL) {
  const root = path.resolve(dir);
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ dir }, 'web app not built; serving the API only');
    return undefined;
  }
  const indexHtml = indexVariants(indexFile);
  const hashedAssets = path.join(root, 'assets') + path.sep;
  void app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // Every file it sends says vary: accept-encoding, since it looks for a .br or .gz variant
    // first, even for a file the build wrote none of.
    preCompressed: true,
    // The variants are sent in place of their file, never under names of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    // Its own cache-control would overwrite the one setHeaders gives.
    cacheControl: false,
    setHeaders(reply, sentPath) {
      // The path of what is sent: the .br or .gz variant when the client takes one.
      const file = sentPath.replace(PRECOMPRESSED_SUFFIX, '');
      reply.header(
        'cache-control',
        file.startsWith(hashedAssets) ? HASHED_ASSET_CACHE : 'no-cache',
      );
    },
  });
  return (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/v1' || pathname.startsWith('/v1/');
    if (request.method !== 'GET' || isApi || path.extname(pathname) !== '') return undefined;
    // Another name for this machine (127.0.0.1 when PUBLIC_URL says localhost, or the other way
    // round): send the browser to the one origin links are built from, before the app stores
    // anything (a sign-in, a bank link in progress) under an origin the links never return to.
    const host = request.host.replace(/:\d+$/, '');
    if (host !== publicUrl.hostname && loopbackHost.test(host)) {
      return reply.redirect(new URL(request.url, publicUrl.origin).toString(), 302);
    }
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .send(indexHtml[encoding]);
  };
}
