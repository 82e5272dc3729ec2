import module from 'node:module';
import type { FastifyRequest } from 'fastify';
import { loggedPath } from '../http/logger';

/**
 * OpenTelemetry traces (README, "Traces"), started only when OTEL_EXPORTER_OTLP_ENDPOINT names a
 * collector: without it nothing here is loaded, and the job queue's spans are OpenTelemetry's
 * no-ops. With it, each request is a span (Fastify's instrumentation), each PostgreSQL statement
 * a span inside it (node-postgres's), and each job a span in the trace of the request that queued
 * it (jobs/job-queue.ts). The SDK reads the standard OTEL_* settings: the protocol, headers,
 * sampler, service name, batch delays.
 *
 * Spans carry nothing a log line may not: a request's path is its route (never its URL, whose
 * query or segments can hold a token), statements are their SQL text without parameters, and
 * exceptions are not recorded (their messages can quote input); the request's line in the log
 * has the error, under the same request id.
 */
export interface Tracing {
  /** Sends the spans still waiting, then stops. */
  shutdown(): Promise<void>;
}

/** Load balancers' and orchestrators' probes: a span for each would drown the requests. */
const PROBES = new Set(['/healthz', '/readyz']);

const DEFAULT_SERVICE_NAME = 'refund-wallet-api';

/** Whether traces were started in this process: Sentry then leaves OpenTelemetry to them. */
let started = false;
export const tracingStarted = (): boolean => started;

/**
 * Starts exporting traces. Must run before node-postgres is first imported: its instrumentation
 * patches the module as it loads (main.ts loads the database's modules after this).
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<Tracing> {
  // The SDK's own switch: then nothing is hooked or set up, and Sentry sets up its own.
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return { shutdown: async () => {} };
  const hooksReady = await hookModuleLoading();
  const [{ NodeSDK }, { PgInstrumentation }, { FastifyOtelInstrumentation }, sentry] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/instrumentation-pg'),
      import('@fastify/otel'),
      // Sentry's error reports find their request through its own context manager.
      env.SENTRY_DSN ? import('@sentry/node') : undefined,
    ]);
  const instrumentations = [
    new FastifyOtelInstrumentation({
      registerOnInitialization: true,
      // One span a request and one for its handler; the statements hang from them.
      instrumentHooks: false,
      recordExceptions: false,
      ignorePaths: ({ url }) => PROBES.has(url.split('?')[0] ?? url),
      requestHook: (span, request: FastifyRequest) => {
        span.setAttribute('url.path', loggedPath(request));
      },
    }),
    // Statements outside a request or a job (the queue's polling, the replica's position
    // checks) would each be a trace of their own.
    new PgInstrumentation({
      requireParentSpan: true,
      enhancedDatabaseReporting: false,
      // Taking a pooled connection is no statement; its wait shows as the gap before one.
      ignoreConnectSpans: true,
    }),
  ];
  await hooksReady();
  const sdk = new NodeSDK({
    ...(env.OTEL_SERVICE_NAME ? {} : { serviceName: DEFAULT_SERVICE_NAME }),
    instrumentations,
    // Traces only: the metrics are Prometheus's (METRICS_PORT), the logs go to standard output.
    metricReaders: [],
    logRecordProcessors: [],
    ...(sentry ? { contextManager: new sentry.SentryContextManager() } : {}),
  });
  sdk.start();
  started = true;
  return { shutdown: () => sdk.shutdown() };
}

/**
 * Lets the instrumentations patch node-postgres as the server's ES modules import it
 * (import-in-the-middle; CommonJS loads are hooked by the instrumentations themselves). Only the
 * modules an instrumentation names are wrapped. Node 22.22.3, 24.11.1 and later run the hook on
 * the loading thread; older ones (Node 20, earlier 22 and 24) on a loader thread of its own,
 * whose list of modules the answer awaits.
 */
async function hookModuleLoading(): Promise<() => Promise<void>> {
  const { register, supportsSyncHooks } = await import('import-in-the-middle/register-hooks.mjs');
  if (supportsSyncHooks()) {
    register({ include: ['pg'] });
    return async () => undefined;
  }
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  module.register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  return waitForAllMessagesAcknowledged;
}
