import { z } from 'zod';
import type { FanCashCreditResult, FanCashLink, FanCashProgram } from './ports';
import { callVendor, ProviderHttpError, type VendorAnswer } from './vendor-http';

/**
 * FanCash through the merchant's loyalty API (Fanatics-style OAuth 2 and an "earn" endpoint):
 *
 * - `GET  {authBaseUrl}/oauth/authorize` (response_type=code, client_id, redirect_uri,
 *   scope=loyalty:earn, state) is where the fan signs in and allows the link (we only build
 *   the address);
 * - `POST {authBaseUrl}/oauth/token`, form-encoded: `authorization_code` exchanges that code for
 *   the fan's id and name (the fan's own access token in the answer is dropped unread: credits
 *   need only the fan's id), and `client_credentials` gives the token our server calls carry;
 * - `POST {apiBaseUrl}/loyalty/v1/earn` credits the fan, our external_reference_id being the
 *   idempotency key: a duplicate is refused with 409, never made twice;
 * - `GET  {apiBaseUrl}/loyalty/v1/earn?external_reference_id=` finds a credit by that reference.
 *
 * A credit is PENDING, then POSTED (on the balance) or REJECTED. Only the fields below are read.
 * Errors carry the HTTP status and the merchant's error code, never a token, secret, code or fan.
 */
export interface FanaticsFanCashOptions {
  clientId: string;
  clientSecret: string;
  /** The loyalty API, e.g. https://api.fanatics.example. */
  apiBaseUrl: string;
  /** The sign-in and token server, e.g. https://auth.fanatics.example. */
  authBaseUrl: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

const PROVIDER = 'fanatics_fancash';
const SCOPE = 'loyalty:earn';
/** A cached token is replaced this long before it expires, so none expires in flight. */
const TOKEN_MARGIN_SECONDS = 60;

// The merchant's documented answers: only the fields we use, the rest is ignored.
const linkSchema = z.object({ fan_id: z.string().min(1), display_name: z.string().min(1) });
const serverTokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
});
const oauthErrorSchema = z.object({ error: z.string().min(1) });
const apiErrorSchema = z.object({ error: z.object({ code: z.string().min(1) }) });
const earnSchema = z.object({
  id: z.string().min(1),
  status: z.enum(['PENDING', 'POSTED', 'REJECTED']),
  rejection_reason: z.string().min(1).nullish(),
});
const earnListSchema = z.object({ data: z.array(earnSchema) });

function resultOf(earn: z.infer<typeof earnSchema>): FanCashCreditResult {
  switch (earn.status) {
    case 'PENDING':
      return { status: 'pending' };
    case 'POSTED':
      return { status: 'credited', creditId: earn.id };
    case 'REJECTED':
      return { status: 'failed', reason: earn.rejection_reason ?? 'rejected' };
  }
}

/**
 * Statuses that say nothing about the credit itself: our credentials (401, 403), or the merchant
 * busy or slow (408, 429). Any other 4xx with an error code is a refusal of this credit.
 */
const NOT_ABOUT_THE_CREDIT = new Set([401, 403, 408, 429]);

export function createFanaticsFanCash(options: FanaticsFanCashOptions): FanCashProgram {
  const apiBaseUrl = options.apiBaseUrl.replace(/\/+$/, '');
  const authBaseUrl = options.authBaseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  const failure = (what: string, answer: VendorAnswer, vendorCode?: string) =>
    new ProviderHttpError(
      PROVIDER,
      'http',
      `${PROVIDER}: ${what} answered HTTP ${answer.status}${vendorCode ? ` ${vendorCode}` : ''}`,
      answer.status,
      vendorCode,
    );
  const unexpected = (what: string, answer: VendorAnswer) =>
    new ProviderHttpError(
      PROVIDER,
      'unexpected-answer',
      `${PROVIDER}: ${what}: HTTP ${answer.status} with an unexpected body`,
      answer.status,
    );

  const tokenRequest = (fields: Record<string, string>): Promise<VendorAnswer> =>
    callVendor(
      PROVIDER,
      fetchImpl,
      `${authBaseUrl}/oauth/token`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({
          ...fields,
          client_id: options.clientId,
          client_secret: options.clientSecret,
        }).toString(),
      },
      timeoutMs,
    );

  // Our client-credentials token, shared by every call until shortly before it expires; one
  // request fetches it however many calls are waiting for it.
  let cached: { token: string; renewAt: number } | null = null;
  let fetching: Promise<string> | null = null;

  async function fetchServerToken(): Promise<string> {
    const answer = await tokenRequest({ grant_type: 'client_credentials', scope: SCOPE });
    if (!answer.ok) {
      throw failure('client token', answer, oauthErrorSchema.safeParse(answer.body).data?.error);
    }
    const parsed = serverTokenSchema.safeParse(answer.body);
    if (!parsed.success) throw unexpected('client token', answer);
    const { access_token: token, expires_in: expiresIn } = parsed.data;
    // A token living less than twice the margin is renewed halfway through its life instead.
    const margin = Math.min(TOKEN_MARGIN_SECONDS, expiresIn / 2);
    cached = { token, renewAt: Date.now() + (expiresIn - margin) * 1_000 };
    return token;
  }

  function serverToken(): Promise<string> {
    if (cached && Date.now() < cached.renewAt) return Promise.resolve(cached.token);
    fetching ??= fetchServerToken().finally(() => {
      fetching = null;
    });
    return fetching;
  }

  /** A loyalty API call with our token; a 401 (revoked or rotated token) gets one new token. */
  async function api(method: 'GET' | 'POST', path: string, body?: unknown): Promise<VendorAnswer> {
    const send = async (token: string) =>
      callVendor(
        PROVIDER,
        fetchImpl,
        `${apiBaseUrl}${path}`,
        {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
        timeoutMs,
      );
    const token = await serverToken();
    const answer = await send(token);
    if (answer.status !== 401) return answer;
    // Another call may have replaced the token already; only a token still cached is dropped.
    if (cached?.token === token) cached = null;
    // Sending the credit again is safe: the refused request made nothing, and a duplicate
    // reference is refused (409) rather than credited twice.
    return send(await serverToken());
  }

  async function lookupCredit(
    externalReferenceId: string,
  ): Promise<FanCashCreditResult | { status: 'not_found' }> {
    const query = new URLSearchParams({ external_reference_id: externalReferenceId });
    const answer = await api('GET', `/loyalty/v1/earn?${query.toString()}`);
    if (!answer.ok) {
      throw failure(
        'credit lookup',
        answer,
        apiErrorSchema.safeParse(answer.body).data?.error.code,
      );
    }
    const list = earnListSchema.safeParse(answer.body);
    if (!list.success) throw unexpected('credit lookup', answer);
    const [earn] = list.data.data;
    return earn ? resultOf(earn) : { status: 'not_found' };
  }

  return {
    authorizeUrl({ state, redirectUri }) {
      const url = new URL(`${authBaseUrl}/oauth/authorize`);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', SCOPE);
      url.searchParams.set('state', state);
      return url.toString();
    },

    async completeLink({ code, redirectUri }): Promise<FanCashLink> {
      const answer = await tokenRequest({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
      });
      if (!answer.ok) {
        // OAuth 2 answers a bad code with 400 invalid_grant; 401 is our client refused.
        throw failure('code exchange', answer, oauthErrorSchema.safeParse(answer.body).data?.error);
      }
      const link = linkSchema.safeParse(answer.body);
      if (!link.success) throw unexpected('code exchange', answer);
      return { fanId: link.data.fan_id, displayName: link.data.display_name };
    },

    async credit({ externalReferenceId, fanId, amountCents }) {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
        throw new RangeError(`${PROVIDER}: a credit is a whole number of cents above zero`);
      }
      const answer = await api('POST', '/loyalty/v1/earn', {
        fan_id: fanId,
        amount: { value: amountCents, currency: 'USD' },
        external_reference_id: externalReferenceId,
        reason: 'refund_redemption',
      });
      if (answer.status === 409) {
        // A credit under this reference exists (an earlier request whose answer we lost): what
        // it is now is the answer. The 409 alone does not say whether it posted or was refused.
        const existing = await lookupCredit(externalReferenceId);
        if (existing.status === 'not_found') {
          throw new ProviderHttpError(
            PROVIDER,
            'unexpected-answer',
            `${PROVIDER}: credit refused as a duplicate, but no credit has its reference`,
            409,
          );
        }
        return existing;
      }
      if (answer.ok) {
        const earn = earnSchema.safeParse(answer.body);
        if (!earn.success) throw unexpected('credit', answer);
        return resultOf(earn.data);
      }
      const code = apiErrorSchema.safeParse(answer.body).data?.error.code;
      // The merchant's refusal of this credit is final: nothing was made, asking again cannot
      // succeed. A 4xx without its error body (a proxy's page, a wrong path) is not a refusal.
      if (answer.status >= 400 && answer.status < 500 && !NOT_ABOUT_THE_CREDIT.has(answer.status)) {
        if (code) return { status: 'failed', reason: code };
      }
      throw failure('credit', answer, code);
    },

    lookupCredit,
  };
}
