import { internalErrorBody } from '@refund/contracts/values/error-body';
import type { z } from 'zod';
import { apiBase } from '../config/env';
import { ApiError } from './api-error';
import { fetchTakingEarlyAnswers } from './early-answers';

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
  /** A file to download (a statement) rather than JSON: its bytes. */
  file?: boolean;
}

export interface ApiClientOptions {
  baseUrl: string;
  session: ApiSession;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** The pause before each retry; its length is how many retries a call may get. */
  retryDelaysMs?: readonly number[];
}

/** SPEC §9. */
export const API_TIMEOUT_MS = 30_000;
/** Two retries at most, the second after a longer pause. */
export const RETRY_DELAYS_MS: readonly number[] = [500, 1_500];
/** Gateways answering for a server that is restarting or overloaded: the next try may work. */
const RETRIED_STATUSES = new Set([502, 503, 504]);

export interface ApiClient {
  get(
    path: string,
    query?: Query,
    options?: { signal?: AbortSignal; headers?: HeadersInit },
  ): Promise<unknown>;
  /** A file the API answers (a statement): its bytes, or the API's error as for any call. */
  getFile(path: string, query?: Query): Promise<Blob>;
  post(path: string, body?: unknown, headers?: HeadersInit): Promise<unknown>;
  put(path: string, body?: unknown, headers?: HeadersInit): Promise<unknown>;
  delete(path: string, headers?: HeadersInit): Promise<unknown>;
}

/** SPEC §7's two clients: reads may be tried again, actions must not happen twice. */
export type ReadsClient = Pick<ApiClient, 'get' | 'getFile'>;
export type ActionsClient = Pick<ApiClient, 'post' | 'put' | 'delete'>;

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

/** A Blob, from whichever realm answered it (the page's, or a test environment's fetch). */
function isBlob(value: unknown): value is Blob {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<Blob>).arrayBuffer === 'function' &&
    typeof (value as Partial<Blob>).size === 'number'
  );
}

/** No answer at all: the network failed or the time-out passed (status 0, see send). */
function isTransportFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

function isRetriableRead(error: unknown): boolean {
  return (
    isTransportFailure(error) || (error instanceof ApiError && RETRIED_STATUSES.has(error.status))
  );
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

type Send = (method: string, path: string, call: CallOptions) => Promise<unknown>;

/** One request and its answer, with the time-out, the bearer token and the error shape. */
function createSend(options: ApiClientOptions): Send {
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  // Looked up per call so a test (or a polyfill) installed later is honoured.
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  return async function send(method, path, call) {
    const headers = new Headers(call.headers);
    if (!call.file) headers.set('Accept', 'application/json');
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
      if (call.file && response.ok) return await response.blob();

      const data = await readBody(response);
      if (response.ok && hasAccessToken(data)) options.session.storeToken(data.access_token);
      if (data === undefined) throw new ApiError(response.status, internalErrorBody);
      if (!response.ok) {
        // The schemas load with the first answer that needs one, not with the app. Should they
        // not arrive (files of an earlier deployment gone), the answer's status still stands.
        const error = await import('@refund/contracts/errors').then(
          ({ errorBodySchema }) => errorBodySchema.safeParse(data),
          () => null,
        );
        throw new ApiError(response.status, error?.success ? error.data : internalErrorBody);
      }
      return data;
    } finally {
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', onCallerAbort);
    }
  };
}

/** Sends, and while `retriable` says so, pauses and sends again, up to the configured retries. */
async function sendWithRetries(
  send: Send,
  delaysMs: readonly number[],
  retriable: (error: unknown) => boolean,
  request: { method: string; path: string; call: CallOptions },
): Promise<unknown> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send(request.method, request.path, request.call);
    } catch (error) {
      const delay = delaysMs[attempt];
      if (delay === undefined || !retriable(error)) throw error;
      await pause(delay, request.call.signal);
    }
  }
}

/**
 * GET: nothing changes on the server, so a call that got no answer (network failure, time-out)
 * or a gateway's 502/503/504 is tried again with backoff. A 4xx would answer the same again.
 */
export function createReadsClient(options: ApiClientOptions): ReadsClient {
  const send = createSend(options);
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  return {
    get: (path, query, extra) =>
      sendWithRetries(send, delays, isRetriableRead, {
        method: 'GET',
        path,
        call: { query, signal: extra?.signal, headers: extra?.headers },
      }),
    getFile: async (path, query) => {
      const file = await sendWithRetries(send, delays, isRetriableRead, {
        method: 'GET',
        path,
        call: { query, file: true },
      });
      if (!isBlob(file)) throw new ApiError(200, internalErrorBody);
      return file;
    },
  };
}

/**
 * POST, PUT, DELETE: never sent twice, since the first may have done its work before its answer
 * was lost. Only a call carrying an Idempotency-Key is tried again, with the same key, and only
 * when no answer came: the server then does the work at most once.
 */
export function createActionsClient(options: ApiClientOptions): ActionsClient {
  const send = createSend(options);
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const act = (method: string, path: string, body: unknown, headers: HeadersInit | undefined) => {
    const idempotent = new Headers(headers).has('Idempotency-Key');
    return sendWithRetries(send, idempotent ? delays : [], isTransportFailure, {
      method,
      path,
      call: { body, headers },
    });
  };
  return {
    post: (path, body, headers) => act('POST', path, body, headers),
    put: (path, body, headers) => act('PUT', path, body, headers),
    delete: (path, headers) => act('DELETE', path, undefined, headers),
  };
}

/** Both clients behind one face: GET goes through the reads client, the rest through actions. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const reads = createReadsClient(options);
  const actions = createActionsClient(options);
  return {
    get: reads.get,
    getFile: reads.getFile,
    post: actions.post,
    put: actions.put,
    delete: actions.delete,
  };
}

/** Reads an answer through its contract; a shape we do not understand is an internal error. */
export function parseAnswer<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new ApiError(200, internalErrorBody, { cause: result.error });
  return result.data;
}

/**
 * parseAnswer with a contract the app's start does not load (zod and the schemas would otherwise
 * run before the first screen can be used): its module, `import()`ed when the call is made,
 * arrives while the call is under way.
 */
export async function parseLazily<S extends z.ZodType>(
  schema: Promise<S>,
  answer: Promise<unknown>,
): Promise<z.output<S>> {
  const [loaded, data] = await Promise.all([schema, answer]);
  return parseAnswer(loaded, data);
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
  baseUrl: apiBase,
  // The first screen's calls may have been sent ahead by the entry script (app/early-requests.ts).
  fetch: fetchTakingEarlyAnswers,
  session: {
    getToken: () => session.getToken(),
    storeToken: (token) => session.storeToken(token),
    onUnauthorized: () => session.onUnauthorized(),
  },
});

/**
 * Opens a stream of Server-Sent Events from the API (GET `path`) with the signed-in customer's
 * token, which EventSource cannot send; the caller reads the body as it arrives.
 */
export function openEventStream(
  path: string,
  signal: AbortSignal,
  lastEventId: string | null,
): Promise<Response> {
  const headers = new Headers({ Accept: 'text/event-stream' });
  const token = session.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (lastEventId) headers.set('Last-Event-ID', lastEventId);
  return globalThis.fetch(`${apiBase}${path}`, { headers, credentials: 'include', signal });
}
