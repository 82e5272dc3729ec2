import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * A stand-in for Sentry's ingestion endpoint, speaking its envelope protocol
 * (https://develop.sentry.dev/sdk/data-model/envelopes/): `POST /api/<project>/envelope/` with a
 * newline-delimited body, perhaps compressed. It keeps what it received, so a test can check what
 * left the app. Used by the API's tests and by the browser tests alike.
 */

export interface EnvelopeItem {
  header: Record<string, unknown> & { type?: string };
  payload: unknown;
}

export interface ReceivedEnvelope {
  projectId: string;
  /** The decompressed body exactly as it arrived, for checks that nothing private is in it. */
  raw: string;
  header: Record<string, unknown>;
  items: EnvelopeItem[];
}

export interface SentryStub {
  port: number;
  /** A DSN pointing at the stub, for project `projectId`. */
  dsn(projectId?: string): string;
  envelopes: ReceivedEnvelope[];
  /** Every request, envelope or not, as "METHOD /path". */
  requests: string[];
  /** The payloads of the error events received so far. */
  events(): Record<string, unknown>[];
  /** Resolves with the events once at least `count` have arrived. */
  waitForEvents(count: number, timeoutMs?: number): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, content-encoding, x-sentry-auth',
  'access-control-max-age': '600',
};

function decode(body: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.toLowerCase()) {
    case 'gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      return body;
  }
}

/** Header line, then item header and payload pairs; a payload's `length` is in bytes. */
export function parseEnvelope(body: Buffer): Pick<ReceivedEnvelope, 'header' | 'items'> {
  let offset = 0;
  const line = (): Buffer => {
    const end = body.indexOf(0x0a, offset);
    const slice = body.subarray(offset, end === -1 ? body.length : end);
    offset = end === -1 ? body.length : end + 1;
    return slice;
  };
  const json = (bytes: Buffer): unknown => JSON.parse(bytes.toString('utf8'));
  const header = json(line()) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const itemHeaderLine = line();
    if (itemHeaderLine.length === 0) continue;
    const itemHeader = json(itemHeaderLine) as EnvelopeItem['header'];
    let payloadBytes: Buffer;
    if (typeof itemHeader.length === 'number') {
      payloadBytes = body.subarray(offset, offset + itemHeader.length);
      offset += itemHeader.length;
      if (body[offset] === 0x0a) offset += 1;
    } else {
      payloadBytes = line();
    }
    const text = payloadBytes.toString('utf8');
    let payload: unknown = text;
    try {
      payload = JSON.parse(text);
    } catch {
      // Attachments need not be JSON; they stay text.
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const envelopePath = /^\/api\/(\d+)\/envelope\/?$/;

export async function startSentryStub(port = 0): Promise<SentryStub> {
  const envelopes: ReceivedEnvelope[] = [];
  const requests: string[] = [];
  const waiters = new Set<() => void>();

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const pathname = new URL(request.url ?? '/', 'http://stub').pathname;
    requests.push(`${request.method} ${pathname}`);
    const match = envelopePath.exec(pathname);
    if (request.method === 'OPTIONS') {
      response.writeHead(204, corsHeaders).end();
      return;
    }
    if (request.method !== 'POST' || !match?.[1]) {
      response.writeHead(404, corsHeaders).end();
      return;
    }
    const encoding = request.headers['content-encoding'];
    const body = decode(await readBody(request), encoding);
    const parsed = parseEnvelope(body);
    envelopes.push({ projectId: match[1], raw: body.toString('utf8'), ...parsed });
    for (const wake of waiters) wake();
    response.writeHead(200, { ...corsHeaders, 'content-type': 'application/json' });
    response.end(JSON.stringify({ id: parsed.header.event_id ?? null }));
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(400, corsHeaders);
      response.end();
    });
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const actualPort = (server.address() as AddressInfo).port;

  const events = () =>
    envelopes.flatMap((envelope) =>
      envelope.items
        .filter((item) => item.header.type === 'event')
        .map((item) => item.payload as Record<string, unknown>),
    );

  return {
    port: actualPort,
    dsn: (projectId = '1') => `http://public@127.0.0.1:${actualPort}/${projectId}`,
    envelopes,
    requests,
    events,
    async waitForEvents(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (events().length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} events, received ${events().length}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
      return events();
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
