import type { FastifyPluginAsync } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { CustomerChange, CustomerChanges } from '../../db/customer-changes';
import type { Reads } from '../../db/replica-reads';

export interface WalletEventsOptions {
  /** The database's announcements, from every instance (LISTEN/NOTIFY, ADR 0031). */
  changes: Pick<CustomerChanges, 'subscribe'>;
  /**
   * With a read replica, a change is told once the replica holds it (or the lag bound passed and
   * reads go to the primary): the screen's next read, on any instance, then shows it.
   */
  reads: Pick<Reads, 'replicated' | 'caughtUp'>;
  /** A comment is sent this often so that proxies keep an idle stream open. */
  heartbeatMs?: number;
  /**
   * A stream ends after this long; the browser opens a new one with its current access token,
   * so a stream never outlives the sign-in it was opened with by more than this.
   */
  maxStreamMs?: number;
}

/** Streams one customer may hold open at once (tabs, devices); the oldest closes past it. */
const STREAMS_PER_CUSTOMER = 8;
/** How long the browser waits before opening a stream again once one ends. */
const RETRY_MS = 3_000;

interface Stream {
  userId: string;
  raw: ServerResponse;
  end: () => void;
}

/**
 * GET /v1/events: Server-Sent Events telling the signed-in customer's screens that their money or
 * a payout changed, so each screen reads it again at once instead of waiting for a reload. An
 * event carries no data of its own (its id and the kind `wallet`): what changed is read through
 * the API, with the customer's own token, so nothing of anyone else can travel on a stream. The
 * announcements come from the database (migration 0029), so a change made on any instance
 * reaches a stream held by any other. A stream opened again with `Last-Event-ID` is told at once
 * that it may have missed a change.
 */
export const walletEventRoutes: FastifyPluginAsync<WalletEventsOptions> = async (app, options) => {
  const heartbeatMs = options.heartbeatMs ?? 20_000;
  const maxStreamMs = options.maxStreamMs ?? 5 * 60_000;
  const streams = new Set<Stream>();
  let lastId = 0;
  const nextId = () => {
    // Ids only ever grow, across restarts too (they start from the clock).
    lastId = Math.max(lastId + 1, Date.now());
    return String(lastId);
  };
  const send = (stream: Stream) => stream.raw.write(`id: ${nextId()}\nevent: wallet\ndata: {}\n\n`);

  /** Whether a stream open here is told of `change` (most changes are of someone else). */
  const watching = (change: 'all' | { userId: string }) => {
    for (const stream of streams)
      if (change === 'all' || stream.userId === change.userId) return true;
    return false;
  };
  const tell = (change: 'all' | { userId: string }) => {
    for (const stream of streams) {
      if (change === 'all' || change.userId === stream.userId) send(stream);
    }
  };
  const unsubscribe = options.changes.subscribe((change: CustomerChange) => {
    if (change === 'catalog' || change === 'merchants') return;
    if (change === 'all' || change.wallet) {
      // Most changes are of customers with no screen open here: nothing to tell, or wait for.
      if (!watching(change)) return;
      if (!options.reads.replicated) tell(change);
      else void options.reads.caughtUp().then(() => tell(change));
      return;
    }
    // Their sign-in changed (signed out, a session revoked): the stream ends, and opening it
    // again checks the token afresh.
    for (const stream of streams) if (change.userId === stream.userId) stream.end();
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    for (const stream of [...streams]) stream.end();
  });

  app.get(
    '/events',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['wallet'],
        summary:
          "Server-Sent Events: `wallet` each time the signed-in customer's balance, history or a payout changes (no data: read it again through the API)",
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const { userId } = request.customer;
      const theirs = [...streams].filter((s) => s.userId === userId);
      if (theirs.length >= STREAMS_PER_CUSTOMER) theirs[0]?.end();

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Proxies that buffer (nginx) pass each event on at once.
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: ${RETRY_MS}\n: connected\n\n`);

      const heartbeat = setInterval(() => raw.write(': still here\n\n'), heartbeatMs);
      heartbeat.unref();
      const expiry = setTimeout(() => stream.end(), maxStreamMs);
      expiry.unref();
      const stream: Stream = {
        userId,
        raw,
        end: () => {
          if (!streams.delete(stream)) return;
          clearInterval(heartbeat);
          clearTimeout(expiry);
          raw.end();
        },
      };
      streams.add(stream);
      raw.on('close', () => stream.end());
      if (request.headers['last-event-id']) send(stream);
    },
  );
};
