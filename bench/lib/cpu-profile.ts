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
 * Self time per function in the `.cpuprofile` files of `dir` (`node --cpu-prof`), busiest first, counting only
 * the samples taken between `from` and `to` (`monotonicMicros`): the load, not the start-up. Node writes one
 * profile per thread (tsx's module loader has its own); the one with the most time in the window is the server.
 */
export function topSelfTimes(
  dir: string,
  count: number,
  window: { from: number; to: number },
): { total: number; entries: SelfTime[] } {
  const profiles = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => selfTimes(JSON.parse(readFileSync(join(dir, name), 'utf8')) as CpuProfile, window));
  const busiest = profiles.sort((a, b) => b.total - a.total)[0];
  if (!busiest) return { total: 0, entries: [] };
  const entries = [...busiest.selfUs.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([entry, us]) => ({ entry, percent: busiest.total > 0 ? (us / busiest.total) * 100 : 0, ms: us / 1_000 }));
  return { total: busiest.total / 1_000, entries };
}

function selfTimes(profile: CpuProfile, window: { from: number; to: number }): { total: number; selfUs: Map<string, number> } {
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
  return { total, selfUs };
}
