import { execFileSync } from 'node:child_process';
import { cpus, loadavg, release, totalmem } from 'node:os';

function fileSystemOf(path: string): string {
  for (const [command, args] of [
    ['findmnt', ['-n', '-o', 'FSTYPE', '--target', path]],
    ['stat', ['-f', '-c', '%T', path]],
  ] as const) {
    try {
      const type = execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
      if (type) return type;
    } catch {
      // try the next way
    }
  }
  return 'unknown';
}

/** The commit the figures were measured on (with "+ changes" when the tree differs from it). */
function commitOf(): string {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no', '--', 'src', 'bench', 'package.json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return dirty ? `commit ${hash} + changes` : `commit ${hash}`;
  } catch {
    return 'commit unknown';
  }
}

/** One line describing where the figures come from, with how busy the machine was when the benchmark began. */
export function describeMachine(dataDir: string): string {
  const list = cpus();
  const model = (list[0]?.model ?? 'unknown CPU').replace(/\s+/g, ' ').trim();
  const memory = Math.round(totalmem() / 2 ** 30);
  const load = loadavg()[0] ?? 0;
  return (
    `${commitOf()}, ${list.length} × ${model}, ${memory} GiB RAM, Linux ${release()}, Node ${process.version}, SQLite files on ` +
    `${fileSystemOf(dataDir)}; 1-min load average ${load.toFixed(1)} at the start`
  );
}
