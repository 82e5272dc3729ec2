import { createParser } from 'eventsource-parser';

export interface LiveUpdatesOptions {
  /** Opens the event stream (GET /v1/events) with the signed-in customer's token. */
  open: (signal: AbortSignal, lastEventId: string | null) => Promise<Response>;
  /** The customer's money or a payout changed: read what shows it again. */
  onChange: () => void;
  /** Looks again this often while the stream is down (the server, a proxy or the network). */
  pollMs?: number;
  /** The first wait before opening the stream again; it doubles up to a minute. */
  retryMs?: number;
}

const MAX_RETRY_MS = 60_000;

/**
 * Keeps the signed-in customer's screens current: a stream of Server-Sent Events, read with
 * fetch so it carries the access token (EventSource cannot), tells of every change to their
 * money or payouts, and each one reads its data again. When the stream ends it is opened again,
 * with the last event's id so the server says at once whether something was missed; while it is
 * down, the screens look again every `pollMs`. A 401 ends it: the session is over. Answers the
 * way to stop.
 */
export function startLiveUpdates(options: LiveUpdatesOptions): () => void {
  const pollMs = options.pollMs ?? 15_000;
  const firstRetryMs = options.retryMs ?? 3_000;
  const controller = new AbortController();
  let stopped = false;
  let lastEventId: string | null = null;
  let poll: ReturnType<typeof setInterval> | null = null;

  const startPolling = () => {
    poll ??= setInterval(options.onChange, pollMs);
  };
  const stopPolling = () => {
    if (poll) clearInterval(poll);
    poll = null;
  };
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      controller.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  async function listen(): Promise<'ended' | 'signed-out'> {
    const response = await options.open(controller.signal, lastEventId);
    if (response.status === 401) return 'signed-out';
    if (!response.ok || !response.body) throw new Error(`event stream: HTTP ${response.status}`);
    stopPolling();
    const parser = createParser({
      onEvent: (event) => {
        if (event.id) lastEventId = event.id;
        if (event.event === 'wallet') options.onChange();
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return 'ended';
      parser.feed(value);
    }
  }

  void (async () => {
    let retryMs = firstRetryMs;
    while (!stopped) {
      try {
        if ((await listen()) === 'signed-out') break;
        retryMs = firstRetryMs;
      } catch {
        if (stopped) break;
        // Down: the screens look again by themselves until the stream is back.
        startPolling();
        retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
      }
      await wait(retryMs);
    }
    stopPolling();
  })();

  return () => {
    stopped = true;
    controller.abort();
    stopPolling();
  };
}
