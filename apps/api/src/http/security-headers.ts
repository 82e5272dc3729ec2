import { createHash } from 'node:crypto';

export type BotProviderName = 'sandbox' | 'recaptcha' | 'turnstile';

export interface SecurityHeaders {
  /** Every answer from the web app's side: pages, its files, the SPA fallback. */
  page: Record<string, string>;
  /** Every answer under /v1: JSON, never cached, never framed, runs nothing. */
  api: Record<string, string>;
}

/** Where each bot-protection provider's widget comes from (their documented CSP sources). */
const botSources: Record<BotProviderName, { script: string[]; frame: string[] }> = {
  sandbox: { script: [], frame: [] },
  recaptcha: {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  },
  turnstile: {
    script: ['https://challenges.cloudflare.com'],
    frame: ['https://challenges.cloudflare.com'],
  },
};

const policy = (directives: Record<string, string[]>): string =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

/** One year: what HSTS preload lists ask for. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

/**
 * The headers every answer carries. The web app's policy allows no inline script or style at all
 * (the access token lives in local storage, so an injected script would be fatal); the only
 * outside script sources are the configured bot-protection widget's, and the page connects only
 * to its own origin and the configured error-reporting and analytics services. HSTS only where the public address
 * is https, so a plain-http local setup is never pinned to https.
 */
export function securityHeaders(options: {
  https: boolean;
  botProvider: BotProviderName;
  /** The web app's error-reporting endpoint (its Sentry DSN's origin), when one is configured. */
  errorReportingOrigin?: string | null;
  /** The analytics service's API origin (PostHog's host), when a key is configured. */
  analyticsOrigin?: string | null;
}): SecurityHeaders {
  const bot = botSources[options.botProvider];
  const common: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    ...(options.https
      ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains` }
      : {}),
  };
  const pagePolicy = policy({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...bot.script],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': [
      "'self'",
      ...(options.errorReportingOrigin ? [options.errorReportingOrigin] : []),
      // posthog-js only sends events there; it is told not to load scripts from anywhere.
      ...(options.analyticsOrigin ? [options.analyticsOrigin] : []),
    ],
    'frame-src': bot.frame.length > 0 ? bot.frame : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
  });
  const apiPolicy = policy({
    'default-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
  });
  return {
    page: { ...common, 'content-security-policy': pagePolicy },
    api: { ...common, 'content-security-policy': apiPolicy, 'cache-control': 'no-store' },
  };
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The policy for an HTML page the API renders itself (the sandbox's inbox and bank-linking
 * pages): its own inline `<script>` and `<style>` blocks by hash, nothing else inline, forms
 * posting back to us only.
 */
export function inlinePagePolicy(html: string): string {
  const hashes = (tag: string) =>
    [...html.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'gi'))].map(
      (match) => sha256(match[1] ?? ''),
    );
  const scripts = hashes('script');
  const styles = hashes('style');
  return policy({
    'default-src': ["'none'"],
    'script-src': scripts.length > 0 ? scripts : ["'none'"],
    'style-src': styles.length > 0 ? styles : ["'none'"],
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'form-action': ["'self'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
  });
}
