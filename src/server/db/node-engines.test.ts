/**
 * The Node versions package.json declares are ones every dependency says it runs on, and each of them gets
 * a SQLite driver that loads (docs/decisions/010-node-lts-and-sqlite-driver.md, 032-exact-node-engines.md).
 * Widening `engines` again (to `>=22`, say) makes this fail.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { NODE_API_FOR_CURRENT_DRIVER } from './sqlite-driver.js';

const ROOT = resolve(import.meta.dirname, '../../..');

interface PackageJson {
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const readPackage = (path: string) => JSON.parse(readFileSync(resolve(ROOT, path, 'package.json'), 'utf8')) as PackageJson;
const project = readPackage('.');
const declared = project.engines?.node ?? '';
const enginesOf = (name: string): string | undefined => readPackage(`node_modules/${name}`).engines?.node;

/** The two SQLite drivers are checked by Node-API version below, not against the whole range. */
const SQLITE_DRIVERS = ['better-sqlite3', 'better-sqlite3-v12'];

/**
 * Node releases whose Node-API is 10, which better-sqlite3 13's prebuilt binary needs (it declares only
 * `>=22`, yet segfaults on 22.13.1, Node-API 9): Node-API 10 came with Node 22.14.0 and 23.6.0.
 */
const NODE_API_10 = '>=22.14.0 <23.0.0 || >=23.6.0';

/** The comparator sets of a range, each as a range of its own (`^20.19 || ^22.14` → two ranges). */
const partsOf = (range: string): string[] =>
  new semver.Range(range).set.map((comparators) => comparators.map((comparator) => comparator.value).join(' ') || '*');

describe('engines.node in package.json', () => {
  it('is the exact range this project supports', () => {
    expect(declared).toBe('^20.19 || ^22.14 || >=24');
  });

  it('fits the engines of every dependency that declares one', () => {
    const names = [
      ...Object.keys(project.dependencies ?? {}),
      ...Object.keys(project.devDependencies ?? {}),
      ...Object.keys(project.optionalDependencies ?? {}),
    ].filter((name) => !SQLITE_DRIVERS.includes(name));
    const outside = names.flatMap((name) => {
      const engines = enginesOf(name);
      return engines === undefined || semver.subset(declared, engines) ? [] : [`${name}: ${engines}`];
    });
    expect(outside).toEqual([]);
    // The dependencies that set the lower bounds today, spelled out so a change in them is noticed.
    expect(enginesOf('vite')).toBe('^20.19.0 || >=22.12.0');
    expect(enginesOf('vitest')).toBe('^20.0.0 || ^22.0.0 || >=24.0.0');
  });

  it('gives every declared Node a SQLite driver that loads on it', () => {
    expect(NODE_API_FOR_CURRENT_DRIVER).toBe(10);
    const current = enginesOf('better-sqlite3') ?? '';
    const fallback = enginesOf('better-sqlite3-v12') ?? '';
    expect(current).toBe('>=22');
    for (const part of partsOf(declared)) {
      if (semver.subset(part, NODE_API_10)) {
        // sqlite-driver.ts loads better-sqlite3 13 here.
        expect({ part, fits: semver.subset(part, current) }).toEqual({ part, fits: true });
      } else {
        // Node-API 9 or older: only the 12.x fallback loads, and only on Node 20 (what it is compiled for
        // on install; see decision 010).
        expect({ part, fits: semver.subset(part, fallback) && semver.subset(part, '20.x') }).toEqual({ part, fits: true });
      }
    }
  });

  it('would refuse the ranges it replaced', () => {
    const wouldFit = (range: string) =>
      partsOf(range).every((part) =>
        semver.subset(part, NODE_API_10) ? semver.subset(part, enginesOf('better-sqlite3') ?? '') : semver.subset(part, '20.x'),
      ) &&
      semver.subset(range, enginesOf('vite') ?? '') &&
      semver.subset(range, enginesOf('vitest') ?? '');
    expect(wouldFit('^20.19 || >=22')).toBe(false);
    expect(wouldFit('^20.19 || >=22.14')).toBe(false);
    expect(wouldFit('^20.19 || ^22.13 || >=24')).toBe(false);
    expect(wouldFit('^20.19 || ^22.14 || >=24')).toBe(true);
  });
});
