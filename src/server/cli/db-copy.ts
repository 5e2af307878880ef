/**
 * `npm run db:copy -- --from sqlite:./data/predi974.db --to postgres://user@host:5432/predi974 [--force]`
 *
 * Command line of the database copy (src/server/db/copy.ts): arguments, progress and the summary.
 */
import { parseArgs } from 'node:util';
import { copyDatabase } from '../db/copy.js';
import { describeDatabaseUrl } from '../db/database.js';
import { createLogger } from '../logger.js';

const USAGE = `Usage: npm run db:copy -- --from <DATABASE_URL> --to <DATABASE_URL> [--force] [--chunk <rows>]

Copies every Prédi974 table from one database to another, keeping ids (SQLite → PostgreSQL, or any way round).
  --from   source, e.g. sqlite:./data/predi974.db
  --to     target, e.g. postgres://user@host:5432/predi974 (migrated first)
  --force  replace the rows of a non-empty target (otherwise the copy refuses it)
  --chunk  rows read and written per step (default 1000)`;

async function main(argv: string[]): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        force: { type: 'boolean', default: false },
        chunk: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  if (!args.from || !args.to) {
    console.error(`Both --from and --to are required.\n\n${USAGE}`);
    return 2;
  }
  const chunkRows = args.chunk === undefined ? undefined : Number.parseInt(args.chunk, 10);
  if (chunkRows !== undefined && !(chunkRows > 0)) {
    console.error(`--chunk must be a positive number of rows`);
    return 2;
  }
  console.log(`Copying ${describeDatabaseUrl(args.from)} → ${describeDatabaseUrl(args.to)}`);
  try {
    const summary = await copyDatabase({
      from: args.from,
      to: args.to,
      force: args.force,
      chunkRows,
      log: (line) => console.log(line),
    });
    const total = summary.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Verified: every table's row count equals the source's (${total} rows in all)`);
    console.log(
      `Verified: counters equal vote rows for ${summary.counters.markets} markets, ${summary.counters.candidates} candidates, ${summary.counters.communes} communes`,
    );
    for (const sequence of summary.sequences) console.log(`Sequence of ${sequence.table}.id: next id ${sequence.next}`);
    console.log(`Done in ${(summary.durationMs / 1000).toFixed(1)} s`);
    return 0;
  } catch (error) {
    // The copy runs outside the server, with no configuration to read: failures are logged at `info`.
    createLogger('info', 'stderr').error(
      { err: error },
      `Copy failed, no row was written to the target: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
