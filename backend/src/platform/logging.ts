import { randomUUID } from 'node:crypto';
import { CSRF_HEADER } from '@cinema-dna/shared-types';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** JSON logs to stdout (or `destination`); secrets and credentials never reach them. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        `req.headers["${CSRF_HEADER.toLowerCase()}"]`,
        'res.headers["set-cookie"]',
        `res.headers["${CSRF_HEADER.toLowerCase()}"]`,
        '*.password',
        'password',
        '*.passwordHash',
        'passwordHash',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

declare module 'http' {
  interface IncomingMessage {
    /** Request id: the caller's X-Request-Id when it is safe, else a new UUID. */
    id?: string;
    log?: Logger;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Gives every request an id (echoed as X-Request-Id) and logs finished /api requests at info, 4xx at
 * warn and 5xx at error — building the log line only when that level is enabled, so a quiet log
 * level costs almost nothing per request.
 */
export function requestLogging(logger: Logger): import('express').RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    req.log = logger;
    res.setHeader('X-Request-Id', id);
    if (req.url.startsWith('/api')) {
      const started = performance.now();
      res.once('finish', () => {
        const level = res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
        if (!logger.isLevelEnabled(level)) return;
        logger[level](
          { req: { id, method: req.method, url: req.originalUrl, remoteAddress: req.ip }, res: { statusCode: res.statusCode }, responseTime: Math.round(performance.now() - started) },
          'request completed',
        );
      });
    }
    next();
  };
}
