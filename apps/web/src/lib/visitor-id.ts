/**
 * The FingerprintJS (open source, MIT) visitor id of this browser, sent as `X-Device-Id` with
 * sign-in, sign-up, claim and redemption requests. The server keeps a hash of it with the
 * session: a risk signal (a sign-in from a new device, how many accounts one device uses), never
 * proof of who someone is — identical devices can share an id, and a browser can change it.
 *
 * The agent is loaded on first use, in its own chunk, with its statistics request switched off,
 * and computed once per page. A request never waits for it longer than `WAIT_MS`: without an id
 * the request goes out without the header.
 */
export const WAIT_MS = 1500;

type Agent = { get: () => Promise<{ visitorId: string }> };
export type LoadAgent = () => Promise<Agent>;

const loadFingerprintAgent: LoadAgent = async () => {
  const { load } = await import('@fingerprintjs/fingerprintjs');
  return load({ monitoring: false });
};

const VISITOR_ID = /^[A-Za-z0-9]{8,128}$/;

let pending: Promise<string | null> | null = null;

function compute(loadAgent: LoadAgent): Promise<string | null> {
  return loadAgent()
    .then((agent) => agent.get())
    .then(({ visitorId }) => (VISITOR_ID.test(visitorId) ? visitorId : null))
    .catch(() => null);
}

function waitAtMost<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    void promise.then((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

/** The visitor id, or null when it could not be computed in time (or at all). */
export function visitorId(loadAgent: LoadAgent = loadFingerprintAgent): Promise<string | null> {
  pending ??= compute(loadAgent);
  return waitAtMost(pending, WAIT_MS, null);
}

/** What starts computing the id: only a person does these, and every request needing it follows one. */
const FIRST_INTERACTION = ['pointerdown', 'keydown'] as const;

/**
 * Starts computing the id at the customer's first tap, click or key press, once the browser is
 * idle, so the sign-in, claim or redemption that follows finds it ready. Not at load: computing it
 * keeps a phone's main thread busy for a good half second, time the first screen needs, and a page
 * that is only looked at never sends it.
 */
export function warmVisitorId(loadAgent: LoadAgent = loadFingerprintAgent): void {
  const start = () => {
    for (const type of FIRST_INTERACTION) window.removeEventListener(type, start, true);
    const compute = () => void visitorId(loadAgent);
    if ('requestIdleCallback' in window) window.requestIdleCallback(compute, { timeout: 1000 });
    else setTimeout(compute, 0);
  };
  for (const type of FIRST_INTERACTION) {
    window.addEventListener(type, start, { capture: true, passive: true });
  }
}

/** The header to send with a request, empty when there is no id. */
export async function deviceHeaders(
  loadAgent: LoadAgent = loadFingerprintAgent,
): Promise<Record<string, string>> {
  const id = await visitorId(loadAgent);
  return id ? { 'X-Device-Id': id } : {};
}

/** Forgets the computed id: for tests. */
export function resetVisitorIdForTests(): void {
  pending = null;
}
