import type * as SentryNode from '@sentry/node';
import type { FastifyInstance } from 'fastify';
import { scrubBreadcrumb, scrubErrorEvent } from '@refund/contracts/error-report-privacy';
import type { Config } from '../config';
import { tracingStarted } from '../observability/tracing';
import { answerStatus } from './error-handler';

/** The product version this API ships with; its error reports are filed under it. */
export const API_RELEASE = 'refund-api@1.46.2';

/**
 * Integrations replaced or left out: no capture of local variables (they hold customers' data),
 * no release-health sessions; the rest only add context (request, runtime, breadcrumbs) or
 * report crashes.
 */
const leftOut = new Set([
  'LocalVariables',
  'LocalVariablesAsync',
  'ProcessSession',
  'Http',
  'OnUnhandledRejection',
]);

/** How long closing the server waits for reports still on their way. */
const FLUSH_MS = 2_000;

let startedWith: string | null = null;

/**
 * Sentry's Fastify hook runs before the error handler has chosen the status, so it hands on every
 * failure; a refusal the client caused (a 4xx AppError, bad input) is not a fault to report.
 */
function isRefusal(event: SentryNode.ErrorEvent, hint: SentryNode.EventHint): boolean {
  const fromFastify = event.exception?.values?.some(
    (value) => value.mechanism?.type === 'auto.function.fastify',
  );
  const error = hint.originalException;
  return !!fromFastify && error instanceof Error && answerStatus(error) < 500;
}

/**
 * Sends the app's unexpected errors (answered 5xx) to Sentry when SENTRY_DSN is set; without it,
 * nothing is initialised and nothing is sent. Errors answered 4xx are the client's, not faults.
 * Sentry's client is one per process: a second app with the same DSN shares it.
 */
export async function reportUnexpectedErrors(
  app: FastifyInstance,
  config: Pick<Config, 'SENTRY_DSN' | 'SENTRY_ENVIRONMENT' | 'NODE_ENV'>,
): Promise<void> {
  const dsn = config.SENTRY_DSN;
  if (!dsn) return;
  // Loaded only when configured: the SDK costs a server without it start-up time and memory.
  const Sentry = await import('@sentry/node');
  if (startedWith !== dsn) {
    Sentry.init({
      dsn,
      release: API_RELEASE,
      environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV,
      sendDefaultPii: false,
      // Error capture only: no tracing, so no module loader hooks are needed.
      registerEsmLoaderHooks: false,
      // With traces, OpenTelemetry is set up already, with Sentry's context manager
      // (observability/tracing.ts); Sentry's own setup would be refused by it.
      skipOpenTelemetrySetup: tracingStarted(),
      integrations: (defaults) => [
        ...defaults.filter((integration) => !leftOut.has(integration.name)),
        Sentry.httpIntegration({ trackIncomingRequestsAsSessions: false }),
        // Reported, then the process ends as Node's default would have ended it.
        Sentry.onUnhandledRejectionIntegration({ mode: 'strict' }),
      ],
      beforeSend: (event, hint) => (isRefusal(event, hint) ? null : scrubErrorEvent(event)),
      beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
    });
    startedWith = dsn;
  }
  Sentry.setupFastifyErrorHandler(app);
  app.addHook('onClose', async () => {
    await Sentry.flush(FLUSH_MS);
  });
}
