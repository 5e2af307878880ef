import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { loadDotEnvFile } from './dotenv.js';

const dir = mkdtempSync(join(tmpdir(), 'predi974-dotenv-'));

describe('.env file', () => {
  it('fills the variables that are not set, and never overrides one that is', () => {
    const path = join(dir, 'simple.env');
    writeFileSync(path, '# a comment\nPORT=4321\nLOG_LEVEL=debug\nVOTE_CHANGE="forbidden"\n');
    const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'warn' };
    expect(loadDotEnvFile(path, env)).toEqual(['PORT', 'VOTE_CHANGE']);
    expect(env).toEqual({ LOG_LEVEL: 'warn', PORT: '4321', VOTE_CHANGE: 'forbidden' });
    const config = loadConfig(env);
    expect(config.port).toBe(4321);
    expect(config.logLevel).toBe('warn');
    expect(config.voteChange).toBe('forbidden');
  });

  it('.env.example copied as it is gives a configuration the server accepts, with the documented defaults', () => {
    const path = join(dir, 'copied.env');
    copyFileSync('.env.example', path);
    const env: NodeJS.ProcessEnv = {};
    expect(loadDotEnvFile(path, env).length).toBeGreaterThan(10);
    const config = loadConfig(env);
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.databaseUrl).toBe('sqlite:./data/predi974.db');
    expect(config.voteChange).toBe('allowed');
  });

  it('does nothing without a file, and is not read under NODE_ENV=test', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(loadDotEnvFile(join(dir, 'missing.env'), env)).toEqual([]);
    expect(env).toEqual({});
    const path = join(dir, 'ignored.env');
    writeFileSync(path, 'PORT=4321\n');
    const testEnv: NodeJS.ProcessEnv = { NODE_ENV: 'test' };
    expect(loadDotEnvFile(path, testEnv)).toEqual([]);
    expect(testEnv).toEqual({ NODE_ENV: 'test' });
  });
});
