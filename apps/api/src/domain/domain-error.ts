import { defaultErrorMessages, type ErrorName } from '@refund/contracts/errors';

/**
 * A refusal by the business rules, named from the contracts' catalog. It carries no HTTP status:
 * services are called from routes, jobs and commands alike, and only the HTTP layer decides how a
 * refusal travels (see `http/error-handler.ts`).
 */
export class DomainError extends Error {
  readonly errorName: ErrorName;
  /** For a limit: how long until the same request can succeed (HTTP's Retry-After). */
  readonly retryAfterSeconds: number | undefined;

  constructor(errorName: ErrorName, message?: string, options?: { retryAfterSeconds?: number }) {
    super(message ?? defaultErrorMessages[errorName]);
    this.name = 'DomainError';
    this.errorName = errorName;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}

/** "1 minute", "12 minutes": a wait as a person reads it, rounded up to whole minutes. */
export function minutesToWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
