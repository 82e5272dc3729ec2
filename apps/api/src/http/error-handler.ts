import { PROVIDER_RETRY_AFTER_SECONDS, ProviderFailure } from '../domain/provider-failure';
import { STATUS_CODES } from 'node:http';
import { errorBody, errorCatalog, type ErrorBody, type ErrorName } from '@refund/contracts/errors';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { connectionLost } from '../db/sql-state';
import { DomainError } from '../domain/domain-error';
import { AppError } from './app-error';

interface Mapped {
  status: number;
  body: ErrorBody;
  /** Seconds until the same request may succeed, sent as Retry-After. */
  retryAfterSeconds?: number;
}

const fastifyCodes: Record<string, { name: ErrorName; status: number }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { name: 'MALFORMED_JSON', status: 400 },
  FST_ERR_CTP_EMPTY_JSON_BODY: { name: 'MALFORMED_JSON', status: 400 },
  FST_ERR_CTP_BODY_TOO_LARGE: { name: 'PAYLOAD_TOO_LARGE', status: 413 },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { name: 'UNSUPPORTED_MEDIA_TYPE', status: 415 },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { name: 'VALIDATION_FAILED', status: 400 },
  FST_ERR_CTP_INVALID_TYPE: { name: 'UNSUPPORTED_MEDIA_TYPE', status: 415 },
  // The router's own refusals, before any route or hook runs (see frameworkErrorHandler).
  FST_ERR_BAD_URL: { name: 'VALIDATION_FAILED', status: 400 },
  FST_ERR_MAX_PARAM_LENGTH: { name: 'URI_TOO_LONG', status: 414 },
  FST_ERR_ASYNC_CONSTRAINT: { name: 'INTERNAL', status: 500 },
};

const routerMessages: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not a valid URL.',
};

function mapError(error: FastifyError | Error): Mapped {
  if (error instanceof AppError) return { status: error.status, body: error.toBody() };
  if (error instanceof DomainError) {
    const { errorName, message, retryAfterSeconds } = error;
    return {
      status: errorCatalog[errorName].status,
      body: errorBody(errorName, message),
      ...(retryAfterSeconds === undefined
        ? {}
        : { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) }),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const where = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
    const field = where || error.validationContext || 'request';
    const message = `${field}: ${first?.message ?? 'is not valid'}`;
    return { status: 400, body: errorBody('VALIDATION_FAILED', message) };
  }
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  const known = code ? fastifyCodes[code] : undefined;
  if (code && known) {
    return { status: known.status, body: errorBody(known.name, routerMessages[code]) };
  }
  // A SyntaxError from the JSON parser carries a status but no Fastify code on some paths.
  if (error instanceof SyntaxError) return { status: 400, body: errorBody('MALFORMED_JSON') };
  const status =
    'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 429) return { status, body: errorBody('RATE_LIMITED') };
  // The database connection was lost: nothing was half-written, and trying again may work.
  if (connectionLost(error)) return { status: 503, body: errorBody('SERVICE_UNAVAILABLE') };
  // A provider the request waited on is down or slow: the client may retry in a while.
  if (error instanceof ProviderFailure && error.outage) {
    return {
      status: 503,
      body: errorBody('SERVICE_UNAVAILABLE'),
      retryAfterSeconds: PROVIDER_RETRY_AFTER_SECONDS,
    };
  }
  if (status >= 400 && status < 500) {
    return { status, body: errorBody('VALIDATION_FAILED', error.message) };
  }
  return { status: 500, body: errorBody('INTERNAL') };
}

/** The status a failure is answered with: 5xx for the server's own faults, 4xx for refusals. */
export const answerStatus = (error: FastifyError | Error): number => mapError(error).status;

/** One error shape for every failure; internals of unexpected errors never reach the client. */
export function registerErrorHandling(
  app: FastifyInstance,
  notFound?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body, retryAfterSeconds } = mapError(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, 'request refused');
    if (retryAfterSeconds !== undefined)
      void reply.header('retry-after', String(retryAfterSeconds));
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler(
    (request, reply) =>
      notFound?.(request, reply) ?? reply.status(404).send(errorBody('ROUTE_NOT_FOUND')),
  );
}

/**
 * Fastify's `frameworkErrors`: the router's refusals (a malformed percent-escape, a path parameter
 * longer than the router takes) in the error shape instead of Fastify's own body. No hook has run
 * for these requests, so the headers every answer carries are set here.
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const { status, body } = mapError(error);
    request.log.info({ code: body.code, status }, 'request refused');
    void reply.headers(headers).header('x-request-id', request.id).status(status).send(body);
  };
}

/** Node's refusals of a request it could not read at all, written straight to the socket. */
const clientErrors: Record<string, ErrorName> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
};

/**
 * Fastify's `clientErrorHandler`: an unreadable request (bad request line, headers too large, too
 * slow) answered in the error shape, then the connection closed, as Node does by default.
 */
export function clientErrorHandler(
  headers: Record<string, string>,
): (error: Error & { code?: string }, socket: Socket) => void {
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (socket.writable) {
      const name = (error.code && clientErrors[error.code]) || 'VALIDATION_FAILED';
      const status = errorCatalog[name].status;
      const body = JSON.stringify(
        errorBody(
          name,
          name === 'VALIDATION_FAILED' ? 'The request could not be read.' : undefined,
        ),
      );
      const head = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}
