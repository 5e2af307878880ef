import pino, { type Logger } from 'pino';
import type { Config } from './config.js';

export type { Logger } from 'pino';

/**
 * The process's one logger: JSON lines on stdout, the same for HTTP requests (handed to Fastify as its
 * `loggerInstance`), the change bus, the stream hub, background jobs and the command-line tools.
 * Parts add their name with `logger.child({ component })`, so lines can be filtered by origin.
 */
export function createLogger(level: Config['logLevel'] | false): Logger {
  return pino({ level: level === false ? 'silent' : level, base: { pid: process.pid } });
}
