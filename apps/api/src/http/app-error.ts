import { errorBody, errorCatalog, type ErrorBody, type ErrorName } from '@refund/contracts/errors';

/** A failure the client should see: its wire code, HTTP status and message come from the catalog. */
export class AppError extends Error {
  readonly errorName: ErrorName;
  readonly status: number;

  constructor(errorName: ErrorName, message?: string) {
    const body = errorBody(errorName, message);
    super(body.message);
    this.name = 'AppError';
    this.errorName = errorName;
    this.status = errorCatalog[errorName].status;
  }

  toBody(): ErrorBody {
    return errorBody(this.errorName, this.message);
  }
}
