/**
 * Requests the entry script sends before the app's code has arrived (see app/early-requests.ts),
 * and the API client's way to take their answers over: the first screen's data is then on its
 * way while its code still downloads, instead of after it.
 *
 * An answer goes to the app's first request for the same method and address, once, and only when
 * that request is the very same: no body and the same headers (a token refreshed meanwhile makes
 * another request, which then goes out as usual). An answer nobody took within MAX_AGE_MS is
 * dropped rather than handed to a later, unrelated request.
 */
export const MAX_AGE_MS = 60_000;

interface EarlyRequest {
  headers: string;
  sentAt: number;
  response: Promise<Response>;
}

const early = new Map<string, EarlyRequest>();

const keyOf = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

/** Header names and values in one comparable string (Headers lower-cases and sorts names). */
const headerList = (headers: HeadersInit | undefined) =>
  [...new Headers(headers)].map(([name, value]) => `${name}: ${value}`).join('\n');

/**
 * Sends a request ahead of the app. `followUp`, given a copy of the answer, may send the requests
 * that depend on it (e.g. with the token it carries); the app gets the answer only after that, so
 * it never asks for one of those before it has been sent.
 */
export function sendEarly(
  method: string,
  url: string,
  headers: Record<string, string>,
  followUp?: (answer: Response) => Promise<void> | void,
  now: () => number = Date.now,
): void {
  const sent = fetch(url, { method, headers, credentials: 'include' });
  const response = followUp
    ? sent.then(async (answer) => {
        try {
          await followUp(answer.clone());
        } catch {
          // The follow-ups are an optimisation: the app makes its own requests without them.
        }
        return answer;
      })
    : sent;
  // An answer the app never asks for must not surface as an unhandled rejection.
  response.catch(() => undefined);
  early.set(keyOf(method, url), { headers: headerList(headers), sentAt: now(), response });
}

function unlessAborted(response: Promise<Response>, signal: AbortSignal | null | undefined) {
  if (!signal) return response;
  return new Promise<Response>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    response.then(resolve, reject);
  });
}

/** The early answer to this request if there is one for it, else undefined. */
export function takeEarlyAnswer(
  url: string,
  init: RequestInit = {},
  now: () => number = Date.now,
): Promise<Response> | undefined {
  const key = keyOf(init.method ?? 'GET', url);
  const request = early.get(key);
  if (!request) return undefined;
  early.delete(key);
  const same =
    init.body === undefined || init.body === null
      ? headerList(init.headers) === request.headers
      : false;
  if (!same || now() - request.sentAt > MAX_AGE_MS) return undefined;
  return unlessAborted(request.response, init.signal);
}

/** fetch, taking an early answer where there is one for the request. */
export function fetchTakingEarlyAnswers(
  input: RequestInfo | URL,
  init?: RequestInit,
): Promise<Response> {
  const url = typeof input === 'string' ? input : null;
  return (url === null ? undefined : takeEarlyAnswer(url, init)) ?? globalThis.fetch(input, init);
}

/** Forgets every early request: for tests. */
export function resetEarlyAnswersForTests(): void {
  early.clear();
}
