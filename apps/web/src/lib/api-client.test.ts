import { ACCESS_TOKEN_STORAGE_KEY } from '@refund/contracts/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient, type ApiSession } from './api-client';
import { ApiError } from './api-error';

function setup(
  respond: (url: string, init: RequestInit) => Response | Promise<Response>,
  retryDelaysMs: readonly number[] = [0, 0],
) {
  const storage = new Map<string, string>();
  // Stands in for the auth module's token store, which the app plugs in the same way.
  const session: ApiSession = {
    getToken: () => storage.get(ACCESS_TOKEN_STORAGE_KEY) ?? null,
    storeToken: (token) => void storage.set(ACCESS_TOKEN_STORAGE_KEY, token),
    onUnauthorized: () => void storage.delete(ACCESS_TOKEN_STORAGE_KEY),
  };
  const requests: { url: string; init: RequestInit }[] = [];
  const client = createApiClient({
    baseUrl: '/v1',
    session,
    retryDelaysMs,
    fetch: (input, init = {}) => {
      const url = input instanceof Request ? input.url : input.toString();
      requests.push({ url, init });
      return Promise.resolve(respond(url, init));
    },
  });
  return { client, storage, requests };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

/** A server that never answers; the request ends only when it is aborted. */
const hang = (_: string, init: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

/** Answers the given responses in turn, the last one for every call after them. */
type Answer = (url: string, init: RequestInit) => Response | Promise<Response>;
function inTurn(...answers: Answer[]): Answer {
  let call = 0;
  return (url, init) => {
    const answer = answers[Math.min(call, answers.length - 1)];
    call += 1;
    if (!answer) throw new Error('no answers');
    return answer(url, init);
  };
}

/** Observes the outcome now, so a rejection is never left unhandled while timers run. */
const settle = (promise: Promise<unknown>) => promise.catch((error: unknown) => error);

const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

const internal = { code: 3001, code_description: 'INTERNAL', message: 'Internal Server error' };

afterEach(() => {
  vi.useRealTimers();
});

describe('api client', () => {
  it('sends cookies, JSON and the stored bearer token; encodes objects in the query as JSON', async () => {
    const { client, storage, requests } = setup(() => json({ ok: true }));
    storage.set(ACCESS_TOKEN_STORAGE_KEY, 'tok');
    await client.get('/brands', {
      limit: 4,
      page: 1,
      filter: { is_enabled: true },
      skip: undefined,
    });
    const [request] = requests;
    expect(request?.url).toBe('/v1/brands?limit=4&page=1&filter=%7B%22is_enabled%22%3Atrue%7D');
    expect(request?.init.credentials).toBe('include');
    const headers = new Headers(request?.init.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('posts a JSON body, and no Content-Type when there is no body', async () => {
    const { client, requests } = setup(() => json({}));
    await client.post('/users/signin', { phone_number: '5551234567' }, { 'X-Trace': '1' });
    await client.post('/users/refresh');
    const [withBody, withoutBody] = requests;
    expect(withBody?.init.method).toBe('POST');
    expect(withBody?.init.body).toBe('{"phone_number":"5551234567"}');
    expect(new Headers(withBody?.init.headers).get('Content-Type')).toBe('application/json');
    expect(new Headers(withBody?.init.headers).get('X-Trace')).toBe('1');
    expect(withoutBody?.init.body).toBeUndefined();
    expect(new Headers(withoutBody?.init.headers).has('Content-Type')).toBe(false);
  });

  it('sends no Authorization header without a stored token', async () => {
    const { client, requests } = setup(() => json({}));
    await client.put('/customers/profile', { city: 'Austin' });
    expect(requests[0]?.init.method).toBe('PUT');
    expect(new Headers(requests[0]?.init.headers).has('Authorization')).toBe(false);
  });

  it('stores the access_token of any answer', async () => {
    const { client, storage } = setup(() =>
      json({ access_token: 'new-token', access_token_expiry_in_seconds: 900 }),
    );
    await client.post('/users/verify', { attempt_id: 'a', code: '123456' });
    expect(storage.get(ACCESS_TOKEN_STORAGE_KEY)).toBe('new-token');
  });

  it('removes the stored token on 401 and throws the server error', async () => {
    const body = {
      code: 2001,
      code_description: 'UNAUTHORIZED',
      message: 'Please sign in to continue.',
    };
    const { client, storage } = setup(() => json(body, 401));
    storage.set(ACCESS_TOKEN_STORAGE_KEY, 'old');
    const error = await failure(client.get('/users/profile'));
    expect(storage.has(ACCESS_TOKEN_STORAGE_KEY)).toBe(false);
    expect(error.status).toBe(401);
    expect(error.body).toEqual(body);
    expect(error.message).toBe('Please sign in to continue.');
  });

  it('keeps the token on other errors, passing the server message through', async () => {
    const body = {
      code: 2002,
      code_description: 'INCORRECT_OTP',
      message: 'Incorrect one time passcode',
    };
    const { client, storage } = setup(() => json(body, 400));
    storage.set(ACCESS_TOKEN_STORAGE_KEY, 'kept');
    const error = await failure(client.post('/users/verify', {}));
    expect(error.body).toEqual(body);
    expect(storage.get(ACCESS_TOKEN_STORAGE_KEY)).toBe('kept');
  });

  it.each([
    ['an empty body', () => new Response('', { status: 502 })],
    ['a body that is not JSON', () => new Response('<html>Bad gateway</html>', { status: 502 })],
    ['JSON that is not an error body', () => json({ error: 'boom' }, 500)],
    ['an empty successful body', () => new Response('', { status: 200 })],
  ])('turns %s into the 3001 internal error', async (_, respond) => {
    const { client } = setup(respond);
    const error = await failure(client.get('/wallet/balance'));
    expect(error.body).toEqual(internal);
  });

  it('answers undefined for 204 No Content', async () => {
    const { client } = setup(() => new Response(null, { status: 204 }));
    await expect(client.post('/users/logout')).resolves.toBeUndefined();
  });

  it('turns a network failure into the 3001 internal error', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await failure(client.get('/app-config'))).body).toEqual(internal);
  });

  it('gives up after 30 seconds', async () => {
    vi.useFakeTimers();
    const { client } = setup(hang);
    const pending = failure(client.post('/wallet/withdraw', {}));
    await vi.advanceTimersByTimeAsync(29_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).body).toEqual(internal);
  });
});

describe('the reads client (GET)', () => {
  it('tries again after a network failure, answering the first answer that comes', async () => {
    const { client, requests } = setup(inTurn(networkDown, networkDown, () => json({ ok: 1 })));
    await expect(client.get('/wallet/balance')).resolves.toEqual({ ok: 1 });
    expect(requests).toHaveLength(3);
  });

  it('gives up after two retries', async () => {
    const { client, requests } = setup(networkDown);
    expect((await failure(client.get('/wallet/balance'))).body).toEqual(internal);
    expect(requests).toHaveLength(3);
  });

  it.each([502, 503, 504])('tries again after a %i from a gateway', async (status) => {
    const { client, requests } = setup(
      inTurn(
        () => new Response('', { status }),
        () => json({ ok: 1 }),
      ),
    );
    await expect(client.get('/wallet/balance')).resolves.toEqual({ ok: 1 });
    expect(requests).toHaveLength(2);
  });

  it.each([400, 401, 404, 409, 429, 500])('never tries a %i again', async (status) => {
    const body = { code: 1, code_description: 'X', message: 'No.' };
    const { client, requests } = setup(() => json(body, status));
    expect((await failure(client.get('/wallet/balance'))).status).toBe(status);
    expect(requests).toHaveLength(1);
  });

  it('tries again after a time-out, after a pause that grows', async () => {
    vi.useFakeTimers();
    const { client, requests } = setup(hang, [500, 1_500]);
    const pending = failure(client.get('/wallet/balance'));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(30_000 + 1_499);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(30_000);
    expect((await pending).body).toEqual(internal);
  });

  it('stops when its caller cancels, without another try', async () => {
    vi.useFakeTimers();
    const { client, requests } = setup(networkDown, [500, 1_500]);
    const controller = new AbortController();
    const pending = client.get('/wallet/balance', {}, { signal: controller.signal });
    const outcome = pending.then(
      () => 'resolved',
      (error: unknown) => (error instanceof ApiError ? 'api error' : 'cancelled'),
    );
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await outcome).toBe('cancelled');
    expect(requests).toHaveLength(1);
  });
});

describe('the actions client (POST, PUT, DELETE)', () => {
  it.each([
    ['POST', (client: ApiClient) => client.post('/wallet/withdraw', { amount_in_cents: 500 })],
    ['PUT', (client: ApiClient) => client.put('/customers/profile', { city: 'Austin' })],
    ['DELETE', (client: ApiClient) => client.delete('/cards/c1')],
  ])('never sends a %s twice after a network failure', async (_, act) => {
    const { client, requests } = setup(networkDown);
    expect((await failure(act(client))).status).toBe(0);
    expect(requests).toHaveLength(1);
  });

  it('never sends an action twice after a 503', async () => {
    const { client, requests } = setup(() => new Response('', { status: 503 }));
    expect((await failure(client.post('/wallet/withdraw', {}))).status).toBe(503);
    expect(requests).toHaveLength(1);
  });

  it('tries an action with an Idempotency-Key again after a network failure, with the same key', async () => {
    const { client, requests } = setup(inTurn(networkDown, () => json({ id: 't1' })));
    await expect(
      client.post('/wallet/withdraw', { amount_in_cents: 500 }, { 'Idempotency-Key': 'k-1' }),
    ).resolves.toEqual({ id: 't1' });
    expect(requests).toHaveLength(2);
    expect(requests.map((r) => new Headers(r.init.headers).get('Idempotency-Key'))).toEqual([
      'k-1',
      'k-1',
    ]);
    expect(requests[1]?.init.body).toBe('{"amount_in_cents":500}');
  });

  it('tries an action with an Idempotency-Key again after a time-out', async () => {
    vi.useFakeTimers();
    const { client, requests } = setup(inTurn(hang, () => json({ id: 't1' })));
    const pending = settle(client.post('/wallet/withdraw', {}, { 'Idempotency-Key': 'k-2' }));
    await vi.advanceTimersByTimeAsync(30_000);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ id: 't1' });
    expect(requests).toHaveLength(2);
  });

  it('does not try an action with an Idempotency-Key again after an answer, even a 503', async () => {
    const { client, requests } = setup(() => new Response('', { status: 503 }));
    await failure(client.post('/wallet/withdraw', {}, { 'Idempotency-Key': 'k-3' }));
    expect(requests).toHaveLength(1);
  });
});
