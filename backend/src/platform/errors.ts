import { STATUS_CODES, type Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApiError, ErrorCode } from '@cinema-dna/shared-types';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { SharedStateUnavailableError } from './cache/unavailable.js';
import { isDatabaseUnavailable } from './db/errors.js';
import type { Logger } from './logging.js';

/** What every error answer carries: `details` is always there (`{}` when there is nothing to add). */
export type ErrorBody = ApiError & { details: unknown };

/** An expected failure with the HTTP status and body it answers with. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, details: this.details ?? {} };
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const badRequest = (code: ErrorCode, message: string, details?: unknown) => new AppError(400, code, message, details);

/** Zod issues as a client can use them: which field, what is wrong. */
export function validationDetails(error: z.ZodError) {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/** Parses input with a schema, turning a failure into a 400 VALIDATION_FAILED. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, what = 'Request'): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError(400, 'VALIDATION_FAILED', `${what} is invalid`, validationDetails(result.error));
  return result.data;
}

/** Maps any thrown value to an error body and status; unknown errors become a logged 500. */
export function toApiError(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) return { status: error.status, body: error.toBody() };
  // Redis down or hung where nothing could be served without it: an expected state, not a bug.
  if (error instanceof SharedStateUnavailableError) {
    return { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'The shared cache is unavailable right now; try again in a moment.', details: { retryable: true } } };
  }
  // PostgreSQL down, restarting or refusing connections: nothing was written, and asking again later can work.
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'The database is not answering right now; try again in a moment.', details: { retryable: true } } };
  }
  if (error instanceof z.ZodError) {
    return { status: 400, body: { code: 'VALIDATION_FAILED', message: 'Request is invalid', details: validationDetails(error) } };
  }
  // body-parser, router and static-file errors carry `type` and/or `status`.
  const httpError = error as { type?: string; status?: number; limit?: number };
  if (httpError?.type === 'entity.parse.failed') {
    return { status: 400, body: { code: 'INVALID_JSON', message: 'Request body is not valid JSON', details: {} } };
  }
  if (httpError?.type === 'entity.too.large') {
    return { status: 413, body: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large', details: { limitBytes: httpError.limit } } };
  }
  if (httpError?.type === 'encoding.unsupported' || httpError?.type === 'charset.unsupported') {
    return { status: 415, body: { code: 'VALIDATION_FAILED', message: 'Unsupported request body encoding', details: {} } };
  }
  if (httpError?.status === 404) return { status: 404, body: { code: 'NOT_FOUND', message: 'Not found', details: {} } };
  if (typeof httpError?.status === 'number' && httpError.status >= 400 && httpError.status < 500) {
    return { status: httpError.status, body: { code: 'VALIDATION_FAILED', message: 'Request could not be read', details: { status: httpError.status } } };
  }
  return { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side', details: {} } };
}

/** Answers unknown /api routes with a 404 in the error shape (the SPA handles every other path). */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new AppError(404, 'NOT_FOUND', `No API route for ${req.method} ${req.baseUrl}${req.path}`));
};

/** The one error handler: `{ code, message, details }`, never a stack trace; 5xx logged with the request id. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const { status, body } = toApiError(error);
    const requestId = String(req.id ?? '');
    if (status >= 500) {
      // A deliberate 503 (graph loading, search budget, Redis or PostgreSQL unavailable) is an expected state, not a bug.
      if (error instanceof AppError) (req.log ?? logger).warn({ code: error.code, requestId }, error.message);
      else if (error instanceof SharedStateUnavailableError) (req.log ?? logger).warn({ code: body.code, requestId }, error.message);
      else if (isDatabaseUnavailable(error)) (req.log ?? logger).warn({ code: body.code, requestId, err: error instanceof Error ? error.message : String(error) }, 'database unavailable');
      else (req.log ?? logger).error({ err: error, requestId }, 'request failed');
      // An AppError's own details (e.g. which search budget ran out) stay beside the request id.
      const own = (error instanceof AppError || error instanceof SharedStateUnavailableError || isDatabaseUnavailable(error)) && typeof body.details === 'object' && body.details !== null && !Array.isArray(body.details) ? body.details : {};
      body.details = { ...own, requestId };
    }
    if (res.headersSent) return;
    res.status(status).json(body);
  };
}

/**
 * Requests Node's HTTP parser refuses before Express sees them (a URL or headers over the 16 kB
 * limit, malformed syntax) are answered in the same error shape rather than Node's empty body.
 */
export function answerParserErrors(server: HttpServer): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW' ? 413 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body: ErrorBody = {
      code: status === 431 || status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED',
      message: status === 431 ? 'Request URL or headers are too large' : status === 408 ? 'Request took too long to arrive' : 'Request could not be read',
      details: { reason: error.code ?? 'unknown' },
    };
    const json = JSON.stringify(body);
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`);
  });
}
