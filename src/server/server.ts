import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrator.js';
import { seedDemoData } from './db/seed.js';
import { seedDemoNews } from './db/seed-news.js';
import { scheduleRetention } from './privacy/retention.js';
import { loadProtectionKeys, type ProtectionKeys } from './protection/keys.js';
import { createLogger } from './logger.js';
import { createServices, type Services } from './services.js';

export interface RunningServer {
  app: FastifyInstance;
  services: Services;
  database: Database;
  /** Stops accepting, ends streams, finishes in-flight requests, then closes the database. */
  stop(): Promise<void>;
}

/** Opens the database, migrates, loads the demo data once, and builds the app (not yet listening). */
export async function createServer(config: Config, options: AppOptions & { clock?: () => Date } = {}): Promise<RunningServer> {
  // The process's one logger, created here and handed to every part (Fastify included).
  const logger = createLogger(options.logger === false ? false : config.logLevel);
  const database = openDatabase(config.databaseUrl, {
    maxConnections: config.databasePoolSize,
    lockTimeoutMs: config.databaseLockTimeoutMs,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  });
  // On PostgreSQL, migrating and loading the demo data go through a connection without the serving
  // timeouts: an instance starting beside another one rightly waits for it to finish them.
  const setup = database.dialect === 'postgres' ? openDatabase(config.databaseUrl, { maxConnections: 1 }) : database;
  let keys: ProtectionKeys;
  try {
    await migrateToLatest(setup);
    if (config.seed === 'demo') {
      const now = (options.clock ?? (() => new Date()))();
      await seedDemoData(setup, now);
      await seedDemoNews(setup, now);
    }
    keys = await loadProtectionKeys(config.protection.secret, setup.db);
  } catch (error) {
    await database.close();
    throw error;
  } finally {
    if (setup !== database) await setup.close();
  }
  let services: Services;
  try {
    services = await createServices(config, database, keys, logger, options.clock);
    // The votes' writer thread (SQLite file) is open before the first vote can arrive.
    await database.writer?.ready();
  } catch (error) {
    await database.close();
    throw error;
  }
  const { bus } = services;
  const app = await buildApp(services, options);
  services.hub.start();
  services.figures.start((error) => logger.warn({ err: error }, 'transparency figures not saved, retried'));
  services.signals.start((error) => logger.warn({ err: error }, 'burst signals not saved, retried'));
  services.bursts.start();
  if (!config.protection.enabled) {
    logger.warn('VOTE_PROTECTION=off: no proof of work, any well-formed fingerprint may vote. For load tests only.');
  }
  if (!config.rateLimit) logger.warn('RATE_LIMIT=off: no per-address limit. For load tests only.');
  if (config.site.demoValues.length > 0 && process.env.NODE_ENV !== 'development') {
    logger.warn(
      `SITE_* not set for ${config.site.demoValues.join(', ')}: the legal notice and the privacy page show demonstration ` +
        'values; set the publisher and host of this deployment (docs/administration.md).',
    );
  }
  if (config.streamStallTimeoutMs === 0) {
    logger.warn('STREAM_STALL_TIMEOUT_MS=0: event streams that stop reading are never dropped. For load tests only.');
  } else {
    logger.info(`event streams whose unsent data stops draining for ${config.streamStallTimeoutMs} ms are dropped`);
  }
  // The privacy page's retention promise, kept in-process every day (also `npm run retention`).
  const retention = scheduleRetention({
    run: () => services.retention.run(),
    onDone: (report) => logger.info(report, 'retention'),
    onError: (error) => logger.warn({ err: error }, 'retention failed, retried tomorrow'),
  });
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      // Streams first: their hijacked responses would otherwise keep app.close() waiting.
      services.hub.close();
      await retention.stop();
      // close() lets requests in flight finish; a keep-alive connection whose last answer goes out after
      // that would then sit idle until its keep-alive timeout, so idle connections are swept until done.
      const closing = app.close();
      const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
      try {
        await closing;
      } finally {
        clearInterval(sweep);
      }
      await services.previewWorkers.close();
      // Counted figures are written before the database closes.
      await services.figures.stop().catch((error: unknown) => logger.warn({ err: error }, 'transparency figures lost'));
      await services.bursts.stop();
      await services.signals.stop().catch((error: unknown) => logger.warn({ err: error }, 'burst signals lost'));
      await bus.close();
      services.readiness.close();
      await database.close();
    })();
    return stopping;
  };
  return { app, services, database, stop };
}
