import type { AppConfig } from '@refund/contracts/app-config';
import type { CapturedError, ErrorReporter } from './error-reporter';

/** Errors kept while the configuration loads; a page failing in a loop must not grow memory. */
const KEEP_FIRST = 20;

export interface DeferredErrorReporter extends ErrorReporter {
  /**
   * Hands the errors captured so far, and every later one, to `reporter`; with none (no DSN, or
   * the configuration never came) they are dropped.
   */
  connect(reporter: ErrorReporter | null): void;
}

/** The port until the server's configuration says where errors go. */
export function createDeferredErrorReporter(): DeferredErrorReporter {
  let pending: CapturedError[] | null = [];
  let target: ErrorReporter | null = null;
  return {
    capture(error, context) {
      if (target) target.capture(error, context);
      else if (pending && pending.length < KEEP_FIRST) pending.push({ error, context });
    },
    connect(reporter) {
      const buffered = pending ?? [];
      pending = null;
      target = reporter;
      if (reporter) for (const { error, context } of buffered) reporter.capture(error, context);
    },
  };
}

/**
 * Connects `reporter` to Sentry when the app configuration names a DSN (loading the SDK only
 * then), or to nothing when it names none or cannot be read.
 */
export async function connectConfiguredReporter(
  reporter: DeferredErrorReporter,
  loadConfig: () => Promise<AppConfig>,
): Promise<void> {
  let settings: AppConfig['error_reporting'] | null = null;
  try {
    settings = (await loadConfig()).error_reporting;
  } catch {
    // Without the configuration there is nowhere to send to.
  }
  const dsn = settings?.dsn;
  if (!settings || !dsn) {
    reporter.connect(null);
    return;
  }
  try {
    const { startSentryErrorReporter } = await import('./sentry-error-reporter');
    reporter.connect(startSentryErrorReporter({ dsn, environment: settings.environment }));
  } catch {
    // The SDK's chunk did not load (offline, a new deployment): nothing can be sent.
    reporter.connect(null);
  }
}
