import { ApiError } from '../../lib/api-error';

/** Client errors that say "not now" rather than "no": the same call may succeed later. */
const TRANSIENT_CLIENT_STATUSES = new Set([408, 425, 429]);

/**
 * Whether a failed session call (refresh, profile) is the server's verdict that the session is
 * over. Only an answer can say that: a 401, or the refresh endpoint refusing the cookie. A network
 * error, a timeout, a cancelled request or a 5xx says nothing about the session.
 */
export function endsSession(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    !TRANSIENT_CLIENT_STATUSES.has(error.status)
  );
}
