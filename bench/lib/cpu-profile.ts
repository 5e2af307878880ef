import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  /** Function, then file:line (relative to node_modules or the project). */
  entry: string;
  /** Share of the profile's sampled time, %. */
  percent: number;
  ms: number;
}

function place(url: string, line: number): string {
  if (!url) return '';
  const path = url.replace(/^file:\/\//, '');
  const modules = path.lastIndexOf('node_modules/');
  const short = modules >= 0 ? path.slice(modules + 'node_modules/'.length) : path.replace(/^.*?\/(src|bench)\//, '$1/');
  return ` ${short}:${line + 1}`;
}

/** Now on the clock of V8's profiles (CLOCK_MONOTONIC, µs), the same for every process of the machine. */
export function monotonicMicros(): number {
  return Number(process.hrtime.bigint() / 1_000n);
}

/**
 * Self time per function of the newest `.cpuprofile` in `dir` (`node --cpu-prof`), busiest first, counting
 * only the samples taken between `from` and `to` (`monotonicMicros`): the load, not the start-up.
 */
export function topSelfTimes(
  dir: string,
  count: number,
  window: { from: number; to: number },
): { total: number; entries: SelfTime[] } {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .sort();
  const newest = files[files.length - 1];
  if (!newest) return { total: 0, entries: [] };
  const profile = JSON.parse(readFileSync(join(dir, newest), 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<string, number>();
  let total = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (!node || at < window.from || at > window.to) return;
    const frame = node.callFrame;
    // Idle time is the event loop waiting, not work.
    if (frame.functionName === '(idle)') return;
    const entry = `${frame.functionName || '(anonymous)'}${place(frame.url, frame.lineNumber)}`;
    selfUs.set(entry, (selfUs.get(entry) ?? 0) + delta);
    total += delta;
  });
  const entries = [...selfUs.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([entry, us]) => ({ entry, percent: total > 0 ? (us / total) * 100 : 0, ms: us / 1_000 }));
  return { total: total / 1_000, entries };
}
