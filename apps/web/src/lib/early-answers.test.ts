import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fetchTakingEarlyAnswers,
  MAX_AGE_MS,
  resetEarlyAnswersForTests,
  sendEarly,
} from './early-answers';

afterEach(() => resetEarlyAnswersForTests());

/** fetch answering each call with a body naming the call's number. */
function countingFetch() {
  let calls = 0;
  const fetch = vi.fn(() => {
    calls += 1;
    return Promise.resolve(new Response(JSON.stringify({ call: calls })));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const asApp = (headers: Record<string, string>, init: RequestInit = {}) => ({
  method: 'GET',
  headers: new Headers(headers),
  credentials: 'include' as const,
  ...init,
});
const bodyOf = async (response: Promise<Response>) => (await response).json() as Promise<unknown>;
const token = { Accept: 'application/json', Authorization: 'Bearer t1' };

describe('answers sent ahead of the app', () => {
  it('go to the first identical request, once; the next one is sent as usual', async () => {
    const fetch = countingFetch();
    sendEarly('GET', '/v1/wallet/balance', token);
    expect(await bodyOf(fetchTakingEarlyAnswers('/v1/wallet/balance', asApp(token)))).toEqual({
      call: 1,
    });
    expect(await bodyOf(fetchTakingEarlyAnswers('/v1/wallet/balance', asApp(token)))).toEqual({
      call: 2,
    });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[0]).toEqual([
      '/v1/wallet/balance',
      { method: 'GET', headers: token, credentials: 'include' },
    ]);
  });

  it('are not taken by a request with other headers, another method or a body', async () => {
    const fetch = countingFetch();
    sendEarly('GET', '/v1/users/profile', token);
    const other = { ...token, Authorization: 'Bearer t2' };
    expect(await bodyOf(fetchTakingEarlyAnswers('/v1/users/profile', asApp(other)))).toEqual({
      call: 2,
    });
    sendEarly('POST', '/v1/users/refresh', token);
    expect(
      await bodyOf(fetchTakingEarlyAnswers('/v1/users/refresh', asApp(token, { method: 'PUT' }))),
    ).toEqual({ call: 4 });
    expect(
      await bodyOf(
        fetchTakingEarlyAnswers('/v1/users/refresh', asApp(token, { method: 'POST', body: '{}' })),
      ),
    ).toEqual({ call: 5 });
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it('are dropped once older than the limit', async () => {
    countingFetch();
    let now = 1_000;
    sendEarly('GET', '/v1/spotlight', token, undefined, () => now);
    now += MAX_AGE_MS + 1;
    vi.spyOn(Date, 'now').mockReturnValue(now);
    expect(await bodyOf(fetchTakingEarlyAnswers('/v1/spotlight', asApp(token)))).toEqual({
      call: 2,
    });
  });

  it('reach the app only after their follow-ups are sent', async () => {
    countingFetch();
    const order: string[] = [];
    sendEarly('POST', '/v1/users/refresh', token, async (answer) => {
      await answer.json();
      order.push('follow-up sent');
    });
    await fetchTakingEarlyAnswers('/v1/users/refresh', asApp(token, { method: 'POST' }));
    order.push('app has the answer');
    expect(order).toEqual(['follow-up sent', 'app has the answer']);
  });

  it('give the app a request it cancels as cancelled', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    sendEarly('GET', '/v1/app-config', { Accept: 'application/json' });
    const controller = new AbortController();
    const answer = fetchTakingEarlyAnswers(
      '/v1/app-config',
      asApp({ Accept: 'application/json' }, { signal: controller.signal }),
    );
    controller.abort(new DOMException('gone', 'AbortError'));
    await expect(answer).rejects.toThrow('gone');
  });
});
