import { AdminService } from './admin/admin-service.js';
import { BurstService } from './bursts/burst-service.js';
import { VoteSignals } from './bursts/vote-signals.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { TransactionBatcher, type Work } from './db/transaction-batcher.js';
import { MarketCatalog } from './markets/market-catalog.js';
import { MarketHistoryService } from './markets/market-history.js';
import { VoteService } from './markets/vote-service.js';
import { MunicipalHistoryService } from './municipal/municipal-history.js';
import { MunicipalService } from './municipal/municipal-service.js';
import { NewsService } from './news/news-service.js';
import type { Logger } from './logger.js';
import { Metrics } from './ops/metrics.js';
import { ReadinessCheck } from './ops/readiness.js';
import { PrivacyService } from './privacy/privacy-service.js';
import { runRetentionJob, type RetentionRun } from './privacy/retention.js';
import type { Change, ChangeBus } from './realtime/change-bus.js';
import { createChangeBus } from './realtime/create-change-bus.js';
import { StreamHub } from './realtime/stream-hub.js';
import { DatabaseBudgetCounters, MemoryBudgetCounters } from './protection/budget-counters.js';
import { DailyFigures } from './protection/daily-figures.js';
import type { ProtectionKeys } from './protection/keys.js';
import { TransparencyService } from './protection/transparency.js';
import { VoteProtection } from './protection/vote-protection.js';
import { PreviewCache } from './share/preview-image.js';
import { PreviewWorkers } from './share/preview-workers.js';

export interface Services {
  config: Config;
  logger: Logger;
  /** Null unless METRICS_TOKEN is set: then nothing is measured. */
  metrics: Metrics | null;
  readiness: ReadinessCheck;
  database: Database;
  bus: ChangeBus;
  batcher: TransactionBatcher;
  catalog: MarketCatalog;
  history: MarketHistoryService;
  municipalHistory: MunicipalHistoryService;
  votes: VoteService;
  municipal: MunicipalService;
  news: NewsService;
  hub: StreamHub;
  protection: VoteProtection;
  figures: DailyFigures;
  transparency: TransparencyService;
  /** What each accepted vote tells the burst detection, written every second. */
  signals: VoteSignals;
  bursts: BurstService;
  privacy: PrivacyService;
  admin: AdminService;
  /** The daily retention job (the server schedules it; `npm run retention` runs it once). */
  retention: RetentionJob;
  /** Share pictures, drawn in worker threads and kept; the workers are closed with the server. */
  previews: PreviewCache;
  previewWorkers: PreviewWorkers;
  clock: () => Date;
}

export interface RetentionJob {
  run(now?: Date): Promise<RetentionRun>;
}

/**
 * The retention job as the server and the command run it: the privacy promises, then the expired rows of the
 * vote protection and the rate limits, each write in a transaction of `runInTransaction`.
 */
export function createRetentionJob(deps: {
  runInTransaction: <T>(work: Work<T>) => Promise<T>;
  config: Pick<Config, 'municipalElectionEnd'>;
  clock: () => Date;
}): RetentionJob {
  return {
    run: (now = deps.clock()) =>
      runRetentionJob({
        runInTransaction: deps.runInTransaction,
        now,
        municipalElectionEnd: deps.config.municipalElectionEnd,
      }),
  };
}

/**
 * Wires the services of one server instance around a database: the one place they are built, each given
 * the process's logger (as a child naming its part) and, when metrics are on, what it reports to them.
 */
export async function createServices(
  config: Config,
  database: Database,
  keys: ProtectionKeys,
  logger: Logger,
  clock: () => Date = () => new Date(),
): Promise<Services> {
  const bus = await createChangeBus(database, logger.child({ component: 'change-bus' }));
  // The gauges read these when scraped, so they may name services built below.
  const metrics: Metrics | null = config.metricsToken
    ? new Metrics({
        openStreams: (): number => hub.size,
        stalledReaders: () => hub.stalledReaders,
        pool: database.pool,
      })
    : null;
  const batcher = new TransactionBatcher(database, metrics ? (jobs, ms) => metrics.committed(jobs, ms) : undefined);
  const catalog = new MarketCatalog(database.db, clock, metrics ? (ms) => metrics.listRebuilt(ms) : undefined);
  const history = new MarketHistoryService({ db: database.db, catalog, clock });
  const municipalHistory = new MunicipalHistoryService({ database, clock });
  const votes = new VoteService({ database, batcher, bus, voteChange: config.voteChange, clock });
  const municipal = new MunicipalService({ database, batcher, bus, clock, electionEnd: config.municipalElectionEnd });
  const news = new NewsService({ database, batcher, clock });
  const hub: StreamHub = new StreamHub(
    {
      loadMarkets: (ids) => catalog.findByIds(ids),
      loadCommunes: (ids) => municipal.listCommunes(ids),
      // The list cache already holds every market, read once per change.
      loadAllMarkets: async () => (await catalog.get()).markets,
      loadAllCommunes: () => municipal.listCommunes(),
    },
    {
      stallTimeoutMs: config.streamStallTimeoutMs,
      ...(metrics ? { onFlushed: (ms: number) => metrics.streamFlushed(ms) } : {}),
    },
  );
  const hubLog = logger.child({ component: 'stream' });
  hub.setErrorHandler((error) =>
    hubLog.warn(
      { err: error },
      'live updates: reading the new state failed; the changes are kept and read again on the next flush',
    ),
  );
  bus.subscribe((change) => {
    if (change.type === 'market') catalog.invalidate(change.id);
    else if (change.type === 'resync') catalog.invalidate();
    hub.onChange(change);
  });
  const figures = new DailyFigures((work) => batcher.run(work), clock);
  const protection = new VoteProtection({
    config: config.protection,
    keys,
    // Several instances share one PostgreSQL database, so its budgets; SQLite means one instance.
    counters: database.dialect === 'postgres' ? new DatabaseBudgetCounters(database.db) : new MemoryBudgetCounters(),
    batcher,
    figures,
    clock,
  });
  const transparency = new TransparencyService({
    database,
    figures,
    protection,
    clock,
    cacheMs: config.protection.transparencyCacheMs,
  });
  // Votes erased or bursts cancelled rewrite the history of their predictions and communes.
  const historyChanged = (change: Change) => {
    if (change.type === 'market') history.invalidate(change.id);
    if (change.type === 'municipal') municipalHistory.invalidate(change.id);
  };
  const signals = new VoteSignals({ runInTransaction: (work) => batcher.run(work), protection, clock });
  const bursts = new BurstService({
    database,
    batcher,
    bus,
    signals,
    clock,
    logger: logger.child({ component: 'bursts' }),
    historyChanged,
  });
  const privacy = new PrivacyService({
    database,
    batcher,
    bus,
    clock,
    municipalElectionEnd: config.municipalElectionEnd,
    historyChanged,
  });
  const admin = new AdminService({ database, batcher, bus, clock, history, municipalHistory });
  const retention = createRetentionJob({ runInTransaction: (work) => batcher.run(work), config, clock });
  const previewWorkers = new PreviewWorkers();
  const previews = new PreviewCache((picture) => previewWorkers.render(picture));
  const readiness = new ReadinessCheck({ database, bus, batcher, timeoutMs: config.readinessTimeoutMs });
  return {
    config,
    logger,
    metrics,
    readiness,
    database,
    bus,
    batcher,
    catalog,
    history,
    municipalHistory,
    votes,
    municipal,
    news,
    hub,
    protection,
    figures,
    transparency,
    signals,
    bursts,
    privacy,
    admin,
    retention,
    previews,
    previewWorkers,
    clock,
  };
}
