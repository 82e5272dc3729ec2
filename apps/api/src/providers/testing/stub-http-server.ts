import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer, type ServerOptions } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Over TLS: the subject of the client certificate the caller presented, if any. */
  clientCertificate?: string;
}

/** Decides the answer to one request; may wait to simulate a slow vendor. */
export type StubResponder = (request: RecordedRequest, response: ServerResponse) => unknown;

export interface StubHttpServer {
  /** Base URL such as http://127.0.0.1:40123 (https:// with TLS), without a trailing slash. */
  url: string;
  requests: RecordedRequest[];
  respondWith(responder: StubResponder): void;
  close(): Promise<void>;
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/**
 * A vendor stand-in on 127.0.0.1 with an OS-chosen port, so tests never reach the internet and
 * can run in parallel. It records every request so a test can assert what was actually sent.
 */
export async function startStubHttpServer(
  initial?: StubResponder,
  options: { tls?: ServerOptions } = {},
): Promise<StubHttpServer> {
  const requests: RecordedRequest[] = [];
  let responder: StubResponder = initial ?? ((_request, response) => sendJson(response, 200, {}));

  const handle = (incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const socket = incoming.socket as Partial<TLSSocket>;
      const cn: unknown = socket.getPeerCertificate?.().subject?.CN;
      const subject = typeof cn === 'string' ? cn : undefined;
      const request: RecordedRequest = {
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        ...(subject ? { clientCertificate: subject } : {}),
      };
      requests.push(request);
      Promise.resolve(responder(request, response)).catch((error: unknown) => {
        response.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    });
  };
  const server = options.tls ? createHttpsServer(options.tls, handle) : createServer(handle);
  // Idle connections stay open until close(): a server dropping one just as a caller reuses it
  // (both timers late while the event loop was busy, say starting a database) would read as a
  // vendor outage.
  server.keepAliveTimeout = 0;

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests,
    respondWith(next) {
      responder = next;
    },
    close() {
      // Idempotent so a test can close early (to simulate an unreachable vendor) and the
      // shared teardown still runs cleanly.
      if (!server.listening) return Promise.resolve();
      // A deliberately slow responder may still hold a socket open; drop it so close resolves.
      server.closeAllConnections();
      return new Promise((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

/** Resolves after ms; used by responders that simulate a vendor slower than our timeout. */
export const delay = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));
