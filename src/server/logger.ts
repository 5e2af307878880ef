import pino, { type Logger } from 'pino';
import type { Config } from './config.js';

export type { Logger } from 'pino';

/**
 * The process's one logger: JSON lines, the same for HTTP (handed to Fastify as its `loggerInstance`),
 * the change bus, the stream hub, background jobs and the command-line tools. Parts add their name with
 * `logger.child({ component })`, so lines can be filtered by origin. The server writes to stdout; the
 * command-line tools to stderr, keeping stdout for their reports. Written synchronously, so nothing is
 * lost when a process exits right after a failure.
 */
export function createLogger(level: Config['logLevel'] | false, stream: 'stdout' | 'stderr' = 'stdout'): Logger {
  return pino(
    { level: level === false ? 'silent' : level, base: { pid: process.pid } },
    pino.destination({ fd: stream === 'stdout' ? 1 : 2, sync: true }),
  );
}
