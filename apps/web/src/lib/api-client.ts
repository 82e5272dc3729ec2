import { errorBodySchema, internalErrorBody } from '@refund/contracts/errors';
import type { z } from 'zod';
import { env } from '../config/env';
import { ApiError } from './api-error';

/**
 * How the client reaches the stored access token. The auth module owns the token; it plugs
 * itself in at start-up (connectApiSession) so this file never reads storage itself.
 */
export interface ApiSession {
  getToken: () => string | null;
  storeToken: (token: string) => void;
  onUnauthorized: () => void;
}

export type QueryValue = string | number | boolean | null | undefined | object;
export type Query = Record<string, QueryValue>;

interface CallOptions {
  query?: Query | undefined;
  body?: unknown;
  headers?: HeadersInit | undefined;
  signal?: AbortSignal | undefined;
}

export interface ApiClientOptions {
  baseUrl: string;
  session: ApiSession;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export const API_TIMEOUT_MS = 30_000;

export interface ApiClient {
  get(
    path: string,
    query?: Query,
    options?: { signal?: AbortSignal; headers?: HeadersInit },
  ): Promise<unknown>;
  post(path: string, body?: unknown, headers?: HeadersInit): Promise<unknown>;
  put(path: string, body?: unknown, headers?: HeadersInit): Promise<unknown>;
  delete(path: string, headers?: HeadersInit): Promise<unknown>;
}

function buildUrl(baseUrl: string, path: string, query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    // SPEC §7 passes structured filters (e.g. {is_enabled: true}) as JSON in the query string.
    params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

/** The parsed JSON body, or undefined when there is none or it is not JSON. */
async function readBody(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

function hasAccessToken(data: unknown): data is { access_token: string } {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { access_token?: unknown }).access_token === 'string'
  );
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  // Looked up per call so a test (or a polyfill) installed later is honoured.
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function call(method: string, path: string, call: CallOptions): Promise<unknown> {
    const headers = new Headers(call.headers);
    headers.set('Accept', 'application/json');
    // No Content-Type without a body: JSON servers reject an empty body declared as JSON.
    if (call.body !== undefined) headers.set('Content-Type', 'application/json');
    const token = options.session.getToken();
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const onCallerAbort = () => controller.abort(call.signal?.reason);
    call.signal?.addEventListener('abort', onCallerAbort, { once: true });

    try {
      let response: Response;
      try {
        response = await doFetch(buildUrl(options.baseUrl, path, call.query), {
          method,
          headers,
          credentials: 'include',
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
          signal: controller.signal,
        });
      } catch (cause) {
        // A query cancelled by its caller is not a failure worth showing.
        if (call.signal?.aborted) throw cause;
        throw new ApiError(0, internalErrorBody, { cause });
      }

      if (response.status === 401) options.session.onUnauthorized();
      if (response.status === 204 || response.status === 205) return undefined;

      const data = await readBody(response);
      if (response.ok && hasAccessToken(data)) options.session.storeToken(data.access_token);
      if (data === undefined) throw new ApiError(response.status, internalErrorBody);
      if (!response.ok) {
        const error = errorBodySchema.safeParse(data);
        throw new ApiError(response.status, error.success ? error.data : internalErrorBody);
      }
      return data;
    } finally {
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  return {
    get: (path, query, extra) =>
      call('GET', path, { query, signal: extra?.signal, headers: extra?.headers }),
    post: (path, body, headers) => call('POST', path, { body, headers }),
    put: (path, body, headers) => call('PUT', path, { body, headers }),
    delete: (path, headers) => call('DELETE', path, { headers }),
  };
}

/** Reads an answer through its contract; a shape we do not understand is an internal error. */
export function parseAnswer<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new ApiError(200, internalErrorBody, { cause: result.error });
  return result.data;
}

const detachedSession: ApiSession = {
  getToken: () => null,
  storeToken: () => undefined,
  onUnauthorized: () => undefined,
};
let session: ApiSession = detachedSession;

/** Called once at start-up by the app, handing the client the auth module's token access. */
export function connectApiSession(next: ApiSession): void {
  session = next;
}

export const api: ApiClient = createApiClient({
  baseUrl: env.VITE_API_BASE_URL,
  session: {
    getToken: () => session.getToken(),
    storeToken: (token) => session.storeToken(token),
    onUnauthorized: () => session.onUnauthorized(),
  },
});
