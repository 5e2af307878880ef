import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** The batches the writer thread knows how to apply (registered in sqlite-writer-worker.ts). */
export type WriterBatchKind = 'votes' | 'municipal-votes';

export type WriterMessage =
  | { type: 'batch'; id: number; kind: WriterBatchKind; inputs: readonly unknown[]; rules: unknown }
  | { type: 'pragma'; id: number; source: string }
  | { type: 'close' };

/** What an error thrown in the thread keeps across it: enough for the error handler (503 on SQLITE_BUSY, FULL…). */
export interface WriterError {
  name: string;
  message: string;
  code?: string;
}

export type WriterAnswer =
  | { id: number; ok: true; outcomes: unknown[] }
  | { id: number; ok: false; error: WriterError }
  /** Sent once, when the thread's connection is open. */
  | { id: 0; ok: true; ready: true };

interface Waiting {
  resolve(outcomes: unknown[]): void;
  reject(error: Error): void;
}

/** How long `close()` lets the thread finish the batches it holds before it is stopped. */
const CLOSE_GRACE_MS = 5_000;

/**
 * How to start the thread. From dist/ (esbuild): `db/sqlite-writer-worker.js` beside the bundle `main.js`. From the
 * sources (tsx, Vitest): `sqlite-writer-worker.ts` beside this file, compiled by tsx inside the thread, since a
 * thread does not inherit the loaders of the one that starts it.
 */
function workerStart(): { code: string | URL; eval: boolean } {
  for (const built of ['./db/sqlite-writer-worker.js', './sqlite-writer-worker.js']) {
    const url = new URL(built, import.meta.url);
    if (existsSync(fileURLToPath(url))) return { code: url, eval: false };
  }
  const source = new URL('./sqlite-writer-worker.ts', import.meta.url).href;
  // tsx's ESM entry (its CommonJS one cannot register the hooks from a worker).
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`;
  return { code, eval: true };
}

function errorOf(error: WriterError): Error {
  return Object.assign(new Error(error.message), { name: error.name, ...(error.code ? { code: error.code } : {}) });
}

/**
 * The SQLite connection of the vote batches, on a thread of its own (docs/decisions/044): better-sqlite3 is
 * synchronous, so a COMMIT waiting for its fsync on the server's thread stopped every request meanwhile. Here the
 * event loop reads the next requests while the thread commits; a batch's promise settles only after its COMMIT
 * returned (or its ROLLBACK), so no answer leaves before its vote is on disk. One batch at a time, in the order
 * sent. A thread that dies fails the batches it held (none of them was acknowledged) and is replaced on the next.
 */
export class SqliteWriter {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private closed = false;
  private started: Promise<void> | null = null;

  constructor(private readonly path: string) {}

  /** Starts the thread ahead of the first batch (compiling and opening take a moment). */
  start(): void {
    if (!this.closed && !this.worker) this.spawn();
  }

  /**
   * Resolves once the thread's connection is open (the server awaits it before listening, so the first votes do not
   * wait for the thread to start); rejects when the thread cannot start.
   */
  ready(): Promise<void> {
    this.start();
    return this.started ?? Promise.reject(new Error('the SQLite writer is closed'));
  }

  /** Applies one batch in one transaction on the thread's connection; resolves with its outcomes once committed. */
  apply(kind: WriterBatchKind, inputs: readonly unknown[], rules: unknown): Promise<unknown[]> {
    return this.send((id) => ({ type: 'batch', id, kind, inputs, rules }));
  }

  /**
   * Runs a pragma on the thread's connection, in turn with the batches: settings that belong to one connection
   * (`max_page_count`, a cache size) must be given to both of the file's connections. Resolves with its result.
   */
  async pragma(source: string): Promise<unknown> {
    const [result] = await this.send((id) => ({ type: 'pragma', id, source }));
    return result;
  }

  private send(message: (id: number) => WriterMessage): Promise<unknown[]> {
    if (this.closed) return Promise.reject(new Error('the SQLite writer is closed'));
    const worker = this.worker ?? this.spawn();
    return new Promise<unknown[]>((resolve, reject) => {
      const id = this.nextId++;
      this.waiting.set(id, { resolve, reject });
      // Held while a batch is out: the process does not end with a vote half-answered.
      worker.ref();
      worker.postMessage(message(id));
    });
  }

  /** Lets the thread finish what it holds, then closes its connection. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ type: 'close' } satisfies WriterMessage);
    worker.ref();
    const timer = setTimeout(() => void worker.terminate(), CLOSE_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }

  private spawn(): Worker {
    const start = workerStart();
    const worker = new Worker(start.code, { eval: start.eval, workerData: { path: this.path } });
    worker.unref();
    let opened: () => void = () => {};
    let failed: (error: Error) => void = () => {};
    this.started = new Promise<void>((resolve, reject) => {
      opened = resolve;
      failed = reject;
    });
    // Awaited by whoever asks; a thread replaced later must not leave an unhandled rejection behind.
    this.started.catch(() => {});
    worker.on('message', (answer: WriterAnswer) => {
      if ('ready' in answer) return opened();
      const waiting = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if (this.waiting.size === 0) worker.unref();
      if (!waiting) return;
      if (answer.ok) waiting.resolve(answer.outcomes);
      else waiting.reject(errorOf(answer.error));
    });
    const fail = (error: Error) => {
      failed(error);
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the SQLite writer thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}
