import { afterEach, describe, expect, it, vi } from 'vitest';
import { startLiveUpdates } from './live-updates';

/** A stream the test writes events into, as the server would. */
function serverStream() {
  let push: (text: string) => void = () => undefined;
  let end: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      push = (text) => controller.enqueue(encoder.encode(text));
      end = () => controller.close();
    },
  });
  return { response: new Response(body, { status: 200 }), push, end: () => end() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.useRealTimers());

describe('live updates', () => {
  it('reads again on each wallet event, and opens the stream again with the last id when it ends', async () => {
    const first = serverStream();
    const second = serverStream();
    const opened: (string | null)[] = [];
    const streams = [first, second];
    const onChange = vi.fn();
    const stop = startLiveUpdates({
      open: async (_signal, lastEventId) => {
        opened.push(lastEventId);
        return (streams.shift() ?? serverStream()).response;
      },
      onChange,
      retryMs: 10,
    });
    await settle();
    first.push('retry: 3000\n: connected\n\n');
    first.push('id: 41\nevent: wallet\ndata: {}\n\n');
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    // A comment or another kind of event changes nothing.
    first.push(': still here\n\nevent: other\ndata: {}\n\n');
    first.push('id: 42\nevent: wallet\ndata: {}\n\n');
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));

    first.end();
    await vi.waitFor(() => expect(opened).toEqual([null, '42']));
    second.push('id: 43\nevent: wallet\ndata: {}\n\n');
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(3));
    stop();
  });

  it('looks again by itself every so often while the stream is down, and stops once it is back', async () => {
    vi.useFakeTimers();
    const back = serverStream();
    let down = true;
    const onChange = vi.fn();
    const stop = startLiveUpdates({
      open: async () => {
        if (down) throw new TypeError('Failed to fetch');
        return back.response;
      },
      onChange,
      pollMs: 1_000,
      retryMs: 5_000,
    });
    await vi.advanceTimersByTimeAsync(3_100);
    expect(onChange).toHaveBeenCalledTimes(3);
    down = false;
    await vi.advanceTimersByTimeAsync(10_000);
    const calls = onChange.mock.calls.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onChange.mock.calls.length).toBe(calls);
    stop();
  });

  it('ends for good when the session is over (401)', async () => {
    const open = vi.fn(async () => new Response('{}', { status: 401 }));
    const onChange = vi.fn();
    startLiveUpdates({ open, onChange, retryMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(open).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
  });
});
