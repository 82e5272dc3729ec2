import { randomBytes } from 'node:crypto';
import {
  sendJson,
  startStubHttpServer,
  type RecordedRequest,
  type StubHttpServer,
  type StubResponder,
} from './stub-http-server';

/**
 * A local stand-in for the part of the merchant's loyalty API the FanCash adapter uses, auth and
 * API on one server: `POST /oauth/token` (authorization_code for a fan's sign-in, single use and
 * bound to its redirect_uri; client_credentials for server calls), `POST /loyalty/v1/earn`
 * (409 on a duplicate external_reference_id, 404 `fan_not_found`, 422 `amount_not_allowed` for
 * the refused amount) and `GET /loyalty/v1/earn?external_reference_id=`. Credits post at once or
 * `postAfterMs` later. A wrong client secret or token gets 401.
 */
export interface FanaticsStub extends StubHttpServer {
  clientId: string;
  clientSecret: string;
  /** Fans the program knows, by id. `issueCode` adds one. */
  fans: Map<string, string>;
  /** Credits made, by external reference id. */
  credits: Map<string, StubCredit>;
  /** Every access token handed out (fans' and ours), for tests to look for in errors. */
  tokensIssued: string[];
  /** The code the merchant's sign-in would give for this fan, for `redirectUri`. */
  issueCode(fanId: string, displayName: string, redirectUri?: string): string;
  /** Credits made from now on post at once (0) or stay pending this long. */
  postCreditsAfter(ms: number): void;
  /** Refuses a pending credit, as when the fan's account closes before it posts. */
  reject(externalReferenceId: string, reason: string): void;
  /** Every client-credentials token stops working at once, as when the merchant rotates them. */
  revokeTokens(): void;
  /** The stand-in's own answer, for a test's responder to pass requests on to. */
  respond: StubResponder;
}

export interface StubCredit {
  id: string;
  fanId: string;
  amountCents: number;
  createdAt: number;
  postAfterMs: number;
  rejectedFor: string | null;
}

export const FANATICS_STUB_REDIRECT_URI = 'http://localhost:5173/fancash/linked';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export async function startFanaticsStub(
  options: { rejectAmountCents?: number; postAfterMs?: number; tokenTtlSeconds?: number } = {},
): Promise<FanaticsStub> {
  const clientId = `fc_client_${hex(6)}`;
  const clientSecret = `fc_secret_${hex(16)}`;
  const fans = new Map<string, string>();
  const credits = new Map<string, StubCredit>();
  const tokensIssued: string[] = [];
  const codes = new Map<string, { fanId: string; redirectUri: string; used: boolean }>();
  let serverTokens = new Set<string>();
  let postAfterMs = options.postAfterMs ?? 0;

  const status = (credit: StubCredit) => {
    if (credit.rejectedFor) return 'REJECTED';
    return Date.now() >= credit.createdAt + credit.postAfterMs ? 'POSTED' : 'PENDING';
  };
  const view = (credit: StubCredit) => ({
    id: credit.id,
    status: status(credit),
    amount: { value: credit.amountCents, currency: 'USD' },
    ...(credit.rejectedFor ? { rejection_reason: credit.rejectedFor } : {}),
  });

  const token = (fields: URLSearchParams): { status: number; body: unknown } => {
    if (fields.get('client_id') !== clientId || fields.get('client_secret') !== clientSecret) {
      return { status: 401, body: { error: 'invalid_client' } };
    }
    const accessToken = `fc_at_${hex(16)}`;
    if (fields.get('grant_type') === 'client_credentials') {
      tokensIssued.push(accessToken);
      serverTokens.add(accessToken);
      return {
        status: 200,
        body: {
          access_token: accessToken,
          token_type: 'Bearer',
          expires_in: options.tokenTtlSeconds ?? 3_600,
        },
      };
    }
    if (fields.get('grant_type') === 'authorization_code') {
      const code = codes.get(fields.get('code') ?? '');
      if (!code || code.used || code.redirectUri !== fields.get('redirect_uri')) {
        return { status: 400, body: { error: 'invalid_grant' } };
      }
      code.used = true;
      tokensIssued.push(accessToken);
      return {
        status: 200,
        body: {
          access_token: accessToken,
          token_type: 'Bearer',
          expires_in: 3_600,
          scope: 'loyalty:earn',
          fan_id: code.fanId,
          display_name: fans.get(code.fanId),
        },
      };
    }
    return { status: 400, body: { error: 'unsupported_grant_type' } };
  };

  const earn = (request: RecordedRequest): { status: number; body: unknown } => {
    const url = new URL(request.path, 'http://stub');
    if (request.method === 'GET') {
      const credit = credits.get(url.searchParams.get('external_reference_id') ?? '');
      return { status: 200, body: { data: credit ? [view(credit)] : [] } };
    }
    const body = JSON.parse(request.body) as {
      fan_id?: string;
      amount?: { value?: number; currency?: string };
      external_reference_id?: string;
    };
    const reference = body.external_reference_id;
    const amountCents = body.amount?.value;
    if (!reference || !body.fan_id || typeof amountCents !== 'number') {
      return { status: 400, body: { error: { code: 'invalid_request' } } };
    }
    if (credits.has(reference)) {
      return { status: 409, body: { error: { code: 'duplicate_external_reference_id' } } };
    }
    if (!fans.has(body.fan_id)) return { status: 404, body: { error: { code: 'fan_not_found' } } };
    if (amountCents === options.rejectAmountCents) {
      return { status: 422, body: { error: { code: 'amount_not_allowed' } } };
    }
    const credit: StubCredit = {
      id: `ern_${hex(8)}`,
      fanId: body.fan_id,
      amountCents,
      createdAt: Date.now(),
      postAfterMs,
      rejectedFor: null,
    };
    credits.set(reference, credit);
    return { status: 201, body: view(credit) };
  };

  const respond: StubResponder = (request, response) => {
    const path = new URL(request.path, 'http://stub').pathname;
    if (request.method === 'POST' && path === '/oauth/token') {
      const answer = token(new URLSearchParams(request.body));
      return sendJson(response, answer.status, answer.body);
    }
    if (path === '/loyalty/v1/earn' && (request.method === 'POST' || request.method === 'GET')) {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!bearer || !serverTokens.has(bearer)) {
        return sendJson(response, 401, { error: { code: 'invalid_token' } });
      }
      const answer = earn(request);
      return sendJson(response, answer.status, answer.body);
    }
    return sendJson(response, 404, { error: { code: 'not_found' } });
  };
  const server = await startStubHttpServer(respond);

  return Object.assign(server, {
    clientId,
    clientSecret,
    fans,
    credits,
    tokensIssued,
    respond,
    issueCode(fanId: string, displayName: string, redirectUri = FANATICS_STUB_REDIRECT_URI) {
      fans.set(fanId, displayName);
      const code = `fc_code_${hex(12)}`;
      codes.set(code, { fanId, redirectUri, used: false });
      return code;
    },
    postCreditsAfter(ms: number) {
      postAfterMs = ms;
    },
    reject(externalReferenceId: string, reason: string) {
      const credit = credits.get(externalReferenceId);
      if (!credit) throw new Error(`No credit ${externalReferenceId}`);
      credit.rejectedFor = reason;
    },
    revokeTokens() {
      serverTokens = new Set();
    },
  });
}
