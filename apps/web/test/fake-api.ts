import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
  /** The query string's parameters. */
  query: Record<string, string>;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const sandboxConfig = {
  brand_name: 'Refundly',
  sandbox: true,
  support_email: 'help@refundly.example',
  welcome_bonus: null,
  bot_protection: { provider: 'sandbox', site_key: null },
  error_reporting: { dsn: null, environment: 'test' },
  analytics: { provider: 'first_party', key: null, host: null },
};

/**
 * Replaces fetch with handlers keyed "METHOD /path" (path after the /v1 base, no query).
 * Unhandled calls answer 404 so a test notices them.
 */
export function installFakeApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = input instanceof Request ? input.url : input.toString();
    const url = new URL(href, 'http://localhost');
    const path = url.pathname.replace(/^\/v1/, '');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = {
      method,
      path,
      body,
      headers: new Headers(init?.headers),
      query: Object.fromEntries(url.searchParams),
    };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    return handler
      ? handler(call)
      : json(
          { code: 1005, code_description: 'ROUTE_NOT_FOUND', message: 'No such endpoint.' },
          404,
        );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}
