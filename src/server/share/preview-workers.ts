import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PreviewPicture } from './preview-image.js';
import type { PreviewAnswer, PreviewJob } from './preview-worker.js';

/** Thrown when the drawing queue is full: the route answers 503 with Retry-After instead of piling work up. */
export class PreviewQueueFull extends Error {
  constructor() {
    super('share picture queue full');
  }
}

/** One drawing thread (the machine's second core) and 32 pictures waiting at most, a few seconds of work. */
export const PREVIEW_WORKER_DEFAULTS = { workers: 1, maxQueued: 32 };

interface Job {
  picture: PreviewPicture;
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: { id: number; job: Job } | null;
}

/**
 * How to start the worker. From dist/ (esbuild): `share/preview-worker.js` beside the bundle `main.js`. From the
 * sources (tsx, Vitest): `preview-worker.ts` beside this file, compiled by tsx inside the worker, since a worker
 * does not inherit the loaders of the thread that starts it.
 */
function workerStart(): { code: string | URL; eval: boolean } {
  for (const built of ['./share/preview-worker.js', './preview-worker.js']) {
    const url = new URL(built, import.meta.url);
    if (existsSync(fileURLToPath(url))) return { code: url, eval: false };
  }
  const source = new URL('./preview-worker.ts', import.meta.url).href;
  // tsx's ESM entry (its CommonJS one cannot register the hooks from a worker).
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`;
  return { code, eval: true };
}

/**
 * A small pool of drawing threads with a bounded queue. Threads start on the first picture asked (a server that
 * is never shared starts none), are not kept alive for the process's sake while idle, and one that dies is
 * replaced at the next job; the picture it was drawing fails with an error (a 500 for that one request).
 */
export class PreviewWorkers {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options = PREVIEW_WORKER_DEFAULTS) {}

  /** Pictures waiting for a thread (not counting those being drawn). */
  get queued(): number {
    return this.queue.length;
  }

  render(picture: PreviewPicture): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('share picture workers closed'));
    if (this.queue.length >= this.options.maxQueued) return Promise.reject(new PreviewQueueFull());
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ picture, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('share picture workers closed'));
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((candidate) => candidate.job === null) ?? this.startSlot();
      if (slot === null) return;
      const job = this.queue.shift() as Job;
      const id = this.nextId++;
      slot.job = { id, job };
      slot.worker.ref();
      slot.worker.postMessage({ id, picture: job.picture } satisfies PreviewJob);
    }
  }

  private startSlot(): Slot | null {
    if (this.slots.length >= this.options.workers) return null;
    const start = workerStart();
    const worker = new Worker(start.code, { eval: start.eval });
    const slot: Slot = { worker, job: null };
    worker.on('message', (answer: PreviewAnswer) => {
      const current = slot.job;
      if (current === null || current.id !== answer.id) return;
      slot.job = null;
      worker.unref();
      if ('png' in answer) current.job.resolve(Buffer.from(answer.png.buffer, answer.png.byteOffset, answer.png.byteLength));
      else current.job.reject(new Error(`share picture not drawn: ${answer.error}`));
      this.pump();
    });
    const lost = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index === -1) return;
      this.slots.splice(index, 1);
      slot.job?.job.reject(error);
      slot.job = null;
      if (!this.closed) this.pump();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`share picture worker stopped (exit code ${code})`)));
    this.slots.push(slot);
    return slot;
  }
}
