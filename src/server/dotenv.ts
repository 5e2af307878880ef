import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/**
 * Reads `.env` (the file `.env.example` asks to copy) into the environment of the server and the command lines.
 * Variables already set win, so `PORT=4000 npm start` still overrides the file. Not read under `NODE_ENV=test`:
 * a developer's `.env` (a PostgreSQL URL, a token) must never leak into the servers the tests start.
 * Returns the names of the variables taken from the file.
 */
export function loadDotEnvFile(path = '.env', env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.NODE_ENV === 'test' || !existsSync(path)) return [];
  const values = parseEnv(readFileSync(path, 'utf8'));
  const taken: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (env[name] !== undefined) continue;
    env[name] = value;
    taken.push(name);
  }
  return taken;
}
