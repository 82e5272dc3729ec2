import * as Sentry from '@sentry/react';
import { scrubBreadcrumb, scrubErrorEvent } from '@refund/contracts/error-report-privacy';
import { APP_VERSION } from '../config/app-version';
import type { ErrorReporter } from './error-reporter';

export interface SentrySettings {
  dsn: string;
  environment: string;
}

/** Integrations left out: no release-health sessions (no session replay or tracing either). */
const leftOut = new Set(['BrowserSession']);

/**
 * The error-reporting port on Sentry. Loaded only when the server names a DSN, so a deployment
 * without one never downloads the SDK. Sentry's own handlers catch `error` and
 * `unhandledrejection` on the window; every report is scrubbed of personal data first.
 */
export function startSentryErrorReporter(settings: SentrySettings): ErrorReporter {
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: `refund-web@${APP_VERSION}`,
    sendDefaultPii: false,
    integrations: (defaults) => defaults.filter((integration) => !leftOut.has(integration.name)),
    beforeSend: (event) => scrubErrorEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  });
  return {
    capture(error, context) {
      const { componentStack, ...extra } = context ?? {};
      Sentry.captureException(error, {
        ...(typeof componentStack === 'string' ? { contexts: { react: { componentStack } } } : {}),
        extra,
      });
    },
  };
}
