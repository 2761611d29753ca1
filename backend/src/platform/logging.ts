import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs to stdout; secrets and credentials never reach them. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', 'password'],
      censor: '[redacted]',
    },
  });
}
