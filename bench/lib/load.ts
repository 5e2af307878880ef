import autocannon, { type Options, type Result } from 'autocannon';
import { now } from './api.js';

export interface LoadRun {
  result: Result;
  /** Wall time from the first request to the last response, in seconds. */
  seconds: number;
  /** 2xx answers per second over that time. */
  okPerSecond: number;
  /** True when the safety limit had to stop the run early. */
  cutShort: boolean;
}

/** Runs autocannon, stopping it anyway after `limitMs` so a benchmark always ends. */
export async function load(options: Options, limitMs: number): Promise<LoadRun> {
  const started = now();
  const instance = autocannon(options);
  let cutShort = false;
  const guard = setTimeout(() => {
    cutShort = true;
    instance.stop();
  }, limitMs);
  try {
    const result = await instance;
    const seconds = (now() - started) / 1000;
    return { result, seconds, okPerSecond: result['2xx'] / seconds, cutShort };
  } finally {
    clearTimeout(guard);
  }
}

/** Failures of a run in one short text ("none" when every answer was 2xx). */
export function failures(result: Result): string {
  const parts: string[] = [];
  // 3xx (a 304 to a revalidation) is a success here.
  const codes = Object.entries(result.statusCodeStats)
    .filter(([code]) => !code.startsWith('2') && !code.startsWith('3'))
    .map(([code, stats]) => `${stats.count}×${code}`);
  if (codes.length > 0) parts.push(codes.join(' '));
  if (result.errors > 0) parts.push(`${result.errors} errors`);
  if (result.timeouts > 0) parts.push(`${result.timeouts} timeouts`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}
