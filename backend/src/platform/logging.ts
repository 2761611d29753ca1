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
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        'res.headers["x-csrf-token"]',
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
