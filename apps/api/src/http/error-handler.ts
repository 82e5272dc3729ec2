import { errorBody, type ErrorBody, type ErrorName } from '@refund/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { connectionLost } from '../db/sql-state';
import { AppError } from './app-error';

interface Mapped {
  status: number;
  body: ErrorBody;
}

const fastifyCodes: Record<string, { name: ErrorName; status: number }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { name: 'MALFORMED_JSON', status: 400 },
  FST_ERR_CTP_EMPTY_JSON_BODY: { name: 'MALFORMED_JSON', status: 400 },
  FST_ERR_CTP_BODY_TOO_LARGE: { name: 'PAYLOAD_TOO_LARGE', status: 413 },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { name: 'UNSUPPORTED_MEDIA_TYPE', status: 415 },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { name: 'VALIDATION_FAILED', status: 400 },
  FST_ERR_CTP_INVALID_TYPE: { name: 'UNSUPPORTED_MEDIA_TYPE', status: 415 },
};

function mapError(error: FastifyError | Error): Mapped {
  if (error instanceof AppError) return { status: error.status, body: error.toBody() };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const where = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
    const field = where || error.validationContext || 'request';
    const message = `${field}: ${first?.message ?? 'is not valid'}`;
    return { status: 400, body: errorBody('VALIDATION_FAILED', message) };
  }
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  const known = code ? fastifyCodes[code] : undefined;
  if (known) return { status: known.status, body: errorBody(known.name) };
  // A SyntaxError from the JSON parser carries a status but no Fastify code on some paths.
  if (error instanceof SyntaxError) return { status: 400, body: errorBody('MALFORMED_JSON') };
  const status =
    'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 429) return { status, body: errorBody('RATE_LIMITED') };
  // The database connection was lost: nothing was half-written, and trying again may work.
  if (connectionLost(error)) return { status: 503, body: errorBody('SERVICE_UNAVAILABLE') };
  if (status >= 400 && status < 500) {
    return { status, body: errorBody('VALIDATION_FAILED', error.message) };
  }
  return { status: 500, body: errorBody('INTERNAL') };
}

/** One error shape for every failure; internals of unexpected errors never reach the client. */
export function registerErrorHandling(
  app: FastifyInstance,
  notFound?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = mapError(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, 'request refused');
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler(
    (request, reply) =>
      notFound?.(request, reply) ?? reply.status(404).send(errorBody('ROUTE_NOT_FOUND')),
  );
}
