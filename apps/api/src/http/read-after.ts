import { parse, serialize } from 'cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Reads } from '../db/replica-reads';

/** The cookie that carries a client's last write's position in the primary's log (ADR 0037). */
export const READ_AFTER_COOKIE = 'read_after';

const READING = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Read-your-writes across instances with a read replica (ADR 0037). Every answer to a request
 * that may have written (any method but GET, HEAD and OPTIONS) carries, in an HttpOnly cookie, the
 * primary's log position once the request's transaction has committed. A read whose cookie names
 * a position the replica has not replayed goes to the primary. The cookie lives one second longer
 * than the lag bound: once it is gone, a replica within the bound holds the write anyway. A
 * client that sends another position only chooses where its own reads run.
 *
 * Without a replica, nothing is added to any request.
 */
export function registerReadAfter(
  app: FastifyInstance,
  reads: Reads,
  options: { secure: boolean; maxLagMs: number },
): void {
  if (!reads.replicated) return;
  const maxAge = Math.ceil(options.maxLagMs / 1000) + 1;
  app.addHook('onSend', async (request, reply) => {
    if (READING.has(request.method) || !request.url.startsWith('/v1/')) return;
    let position: string;
    try {
      position = await reads.position();
    } catch {
      // The primary cannot say where it is: the reads of the next `maxAge` seconds go to it.
      position = 'FFFFFFFF/FFFFFFFF';
    }
    void reply.header(
      'set-cookie',
      serialize(READ_AFTER_COOKIE, position, {
        path: '/v1',
        httpOnly: true,
        secure: options.secure,
        sameSite: 'lax',
        maxAge,
      }),
    );
  });
}

/** The position a request's client last wrote at, from its cookie; undefined when none. */
export function readAfterOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header?.includes(READ_AFTER_COOKIE)) return undefined;
  return parse(header)[READ_AFTER_COOKIE] || undefined;
}
