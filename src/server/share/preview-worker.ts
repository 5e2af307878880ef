import { parentPort } from 'node:worker_threads';
import { renderPng, type PreviewPicture } from './preview-image.js';

/**
 * The drawing thread of the share pictures: satori and resvg take 40–80 ms of CPU per picture, which on the
 * main thread would hold every other request back (docs/decisions/037-share-pictures-in-a-worker.md). It draws
 * one job at a time, in the order received, and answers with the PNG or the error's message.
 */
export interface PreviewJob {
  id: number;
  picture: PreviewPicture;
}

export type PreviewAnswer = { id: number; png: Uint8Array } | { id: number; error: string };

const port = parentPort;
if (port === null) throw new Error('preview-worker.ts runs in a worker thread (see preview-workers.ts)');

port.on('message', (job: PreviewJob) => {
  renderPng(job.picture).then(
    (png) => port.postMessage({ id: job.id, png } satisfies PreviewAnswer),
    (error: unknown) => port.postMessage({ id: job.id, error: String(error) } satisfies PreviewAnswer),
  );
});
