import { defaultErrorMessages, type ErrorName } from '@refund/contracts/errors';

/**
 * A refusal by the business rules, named from the contracts' catalog. It carries no HTTP status:
 * services are called from routes, jobs and commands alike, and only the HTTP layer decides how a
 * refusal travels (see `http/error-handler.ts`).
 */
export class DomainError extends Error {
  readonly errorName: ErrorName;

  constructor(errorName: ErrorName, message?: string) {
    super(message ?? defaultErrorMessages[errorName]);
    this.name = 'DomainError';
    this.errorName = errorName;
  }
}
