import { parentPort, workerData } from 'node:worker_threads';
import { applySqliteVoteBatch } from '../markets/vote-batch.js';
import { applySqliteMunicipalVoteBatch } from '../municipal/municipal-vote-batch.js';
import { openSqliteConnection } from './sqlite-connection.js';
import type { SqliteDatabase } from './sqlite-driver.js';
import type { WriterAnswer, WriterBatchKind, WriterError, WriterMessage } from './sqlite-writer.js';

/**
 * The writer thread (see sqlite-writer.ts): its own connection to the file, with the server's settings
 * (synchronous=FULL), applying each batch with the repositories' own store functions in one transaction.
 */

type ApplyBatch = (sqlite: SqliteDatabase, inputs: never[], rules: never) => Promise<unknown[]>;

const BATCHES: Record<WriterBatchKind, ApplyBatch> = {
  votes: applySqliteVoteBatch,
  'municipal-votes': applySqliteMunicipalVoteBatch,
};

const port = parentPort;
if (!port) throw new Error('sqlite-writer-worker runs as a worker thread');
const sqlite = openSqliteConnection((workerData as { path: string }).path);
port.postMessage({ id: 0, ok: true, ready: true } satisfies WriterAnswer);

function errorOf(error: unknown): WriterError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { name: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}) };
}

async function apply(message: Extract<WriterMessage, { type: 'batch' }>): Promise<WriterAnswer> {
  try {
    // IMMEDIATE: the write lock is taken at BEGIN, so a reader's snapshot never has to be upgraded mid-batch.
    sqlite.exec('begin immediate');
    try {
      const outcomes = await BATCHES[message.kind](sqlite, message.inputs as never[], message.rules as never);
      sqlite.exec('commit');
      return { id: message.id, ok: true, outcomes };
    } catch (error) {
      // SQLite rolls some failures back by itself (SQLITE_FULL): then there is no transaction left to end.
      if (sqlite.inTransaction) {
        try {
          sqlite.exec('rollback');
        } catch {
          // the cause below is what the caller needs
        }
      }
      throw error;
    }
  } catch (error) {
    return { id: message.id, ok: false, error: errorOf(error) };
  }
}

// One batch at a time, in the order they came.
let queue = Promise.resolve();
port.on('message', (message: WriterMessage) => {
  queue = queue.then(async () => {
    if (message.type === 'close') {
      sqlite.close();
      port.close();
      return;
    }
    if (message.type === 'pragma') {
      try {
        port.postMessage({ id: message.id, ok: true, outcomes: [sqlite.pragma(message.source)] } satisfies WriterAnswer);
      } catch (error) {
        port.postMessage({ id: message.id, ok: false, error: errorOf(error) } satisfies WriterAnswer);
      }
      return;
    }
    port.postMessage(await apply(message));
  });
});
