/**
 * Takes personal data out of error reports before they leave the process, in the browser and in
 * the API alike: phone numbers, e-mail addresses, tokens and credentials, card numbers, one-time
 * codes and the secret parts of magic links. Reports are for finding faults, not people.
 */

export const FILTERED = '[Filtered]';

/** Field names whose values are never reported (compared without case, `-` or `_`). */
const secretKeys = new Set([
  'authorization',
  'proxyauthorization',
  'cookie',
  'cookies',
  'setcookie',
  'idempotencykey',
  'xapikey',
  'apikey',
  'password',
  'secret',
  'token',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'bottoken',
  'code',
  'otp',
  'passcode',
  'verificationcode',
  'onetimecode',
  'cvv',
  'cvv2',
  'cvc',
  'securitycode',
  'cardnumber',
  'pan',
  'accountnumber',
  'email',
  'phone',
  'phonenumber',
  'firstname',
  'lastname',
  'dateofbirth',
]);

/** Query parameters that carry a magic link's or a session's secret. */
const secretParams = ['access_token', 'refresh_token', 'id_token', 'token', 'code', 'id'];

/** Keys whose values are the report's own identifiers, never personal data. */
const ownKeys = new Set([
  'event_id',
  'trace_id',
  'span_id',
  'parent_span_id',
  'release',
  'sdk',
  'sample_rand',
  'sample_rate',
]);

const normalised = (key: string) => key.toLowerCase().replace(/[-_]/g, '');

const textRules: [RegExp, string][] = [
  // Credentials after their scheme, and anything shaped like a JWT or one of our API keys.
  [/\b(Bearer|Basic|Token)\s+[^\s,;"'<>]+/gi, `$1 ${FILTERED}`],
  [/\beyJ[\w-]{2,}\.[\w-]{2,}\.[\w-]*/g, FILTERED],
  [/\b(?:sk|pk|rk|whsec)_[A-Za-z0-9_]{8,}/g, FILTERED],
  // "refresh_token=…", "password: …", "\"otp\":\"…\"" in free text.
  [
    /\b(access_token|refresh_token|id_token|password|passcode|otp|cvv|cvc)(["']?\s*[:=]\s*["']?)[^\s"'&,;}]+/gi,
    `$1$2${FILTERED}`,
  ],
  // The values a failed database query was run with ("Failed query: …\nparams: …").
  [/(\bparams: ).*/g, `$1${FILTERED}`],
  // The secret parameters of a link, wherever a URL or a query string appears.
  [new RegExp(`(^|[?&#])(${secretParams.join('|')})=[^&#\\s"']*`, 'gi'), `$1$2=${FILTERED}`],
  // Claim links and e-mail verification links carry their secret in the path.
  [/(\/(?:claim|verify-email)\/)[^/?#\s"']+/gi, `$1${FILTERED}`],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, FILTERED],
  // Card numbers: 13 to 19 digits, perhaps grouped with spaces or dashes.
  [/\b\d(?:[ -]?\d){12,18}\b/g, FILTERED],
  // US phone numbers: 2025550143, 202-555-0143, (202) 555-0143, +1 202.555.0143, 1-202-555-0143.
  [/(?<![\w+])(?:\+?1[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}(?!\d)/g, FILTERED],
];

/** Free text with personal data and secrets replaced by `[Filtered]`. */
export function scrubText(text: string): string {
  return textRules.reduce(
    (result, [pattern, replacement]) => result.replace(pattern, replacement),
    text,
  );
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

const MAX_DEPTH = 24;

/** Any JSON-like value with secret fields filtered and every string scrubbed. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > MAX_DEPTH) return FILTERED;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (ownKeys.has(key)) result[key] = item;
    else if (secretKeys.has(normalised(key)) && item !== null && item !== undefined) {
      result[key] = FILTERED;
    } else result[key] = scrubValue(item, depth + 1);
  }
  return result;
}

/** Request headers that are never reported at all. */
const droppedHeaders = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'idempotency-key',
]);

function scrubRequest(request: Record<string, unknown>): Record<string, unknown> {
  // Bodies and cookies are dropped whole: a body is the customer's own data.
  const { data: _data, cookies: _cookies, headers, ...rest } = request;
  const kept: Record<string, unknown> = scrubValue(rest) as Record<string, unknown>;
  if (isPlainObject(headers)) {
    const safe = Object.fromEntries(
      Object.entries(headers).filter(([name]) => !droppedHeaders.has(name.toLowerCase())),
    );
    kept.headers = scrubValue(safe);
  }
  return kept;
}

/**
 * An error report (or a breadcrumb) as it may leave: `user` reduced to its opaque id, the request
 * without body, cookies or credentials, and every other text scrubbed (`scrubText`).
 */
export function scrubErrorEvent<T extends object>(event: T): T {
  const { user, request, ...rest } = event as Record<string, unknown>;
  const result = scrubValue(rest) as Record<string, unknown>;
  if (isPlainObject(user) && (typeof user.id === 'string' || typeof user.id === 'number')) {
    result.user = { id: user.id };
  }
  if (isPlainObject(request)) result.request = scrubRequest(request);
  return result as T;
}

/** A breadcrumb with the same rules as a whole report. */
export const scrubBreadcrumb = <T extends object>(breadcrumb: T): T => scrubErrorEvent(breadcrumb);
