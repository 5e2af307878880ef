import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { TransactionBatcher } from './db/transaction-batcher.js';
import { MarketCatalog } from './markets/market-catalog.js';
import { findMarketsByIds } from './markets/market-repository.js';
import { VoteService } from './markets/vote-service.js';
import { listCommunes } from './municipal/municipal-repository.js';
import { MunicipalService } from './municipal/municipal-service.js';
import { NewsService } from './news/news-service.js';
import type { ChangeBus } from './realtime/change-bus.js';
import { StreamHub } from './realtime/stream-hub.js';
import { DatabaseBudgetCounters, MemoryBudgetCounters } from './protection/budget-counters.js';
import { DailyFigures } from './protection/daily-figures.js';
import type { ProtectionKeys } from './protection/keys.js';
import { TransparencyService } from './protection/transparency.js';
import { VoteProtection } from './protection/vote-protection.js';

export interface Services {
  config: Config;
  database: Database;
  bus: ChangeBus;
  batcher: TransactionBatcher;
  catalog: MarketCatalog;
  votes: VoteService;
  municipal: MunicipalService;
  news: NewsService;
  hub: StreamHub;
  protection: VoteProtection;
  figures: DailyFigures;
  transparency: TransparencyService;
  clock: () => Date;
}

/** Wires the services of one server instance around a database and a change bus. */
export function createServices(
  config: Config,
  database: Database,
  bus: ChangeBus,
  keys: ProtectionKeys,
  clock: () => Date = () => new Date(),
): Services {
  const batcher = new TransactionBatcher(database);
  const catalog = new MarketCatalog(database.db, clock);
  const votes = new VoteService({ database, batcher, bus, voteChange: config.voteChange, clock });
  const municipal = new MunicipalService({ database, batcher, bus, clock, electionEnd: config.municipalElectionEnd });
  const news = new NewsService({ database, batcher, clock });
  const hub = new StreamHub(
    {
      loadMarkets: (ids) => findMarketsByIds(database.db, ids),
      loadCommunes: (ids) => listCommunes(database.db, ids),
      // The list cache already holds every market, read once per change.
      loadAllMarkets: async () => (await catalog.get()).markets,
      loadAllCommunes: () => listCommunes(database.db),
    },
    { stallTimeoutMs: config.streamStallTimeoutMs },
  );
  bus.subscribe((change) => {
    if (change.type !== 'municipal') catalog.invalidate();
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
  return { config, database, bus, batcher, catalog, votes, municipal, news, hub, protection, figures, transparency, clock };
}
