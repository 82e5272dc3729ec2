import { internalErrorBody, type ErrorBody } from '@refund/contracts/values/error-body';

/** A failed call, carrying the server's error body (or the SPEC's 3001 body when there was none). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody, options?: { cause?: unknown }) {
    super(body.message, options);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get codeDescription(): string {
    return this.body.code_description;
  }
}

/** The message to show a customer for any thrown value. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.body.message : internalErrorBody.message;
}
