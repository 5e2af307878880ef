import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../../src/shared/api/index.js';
import { apiTable, TABLE_END, TABLE_START } from '../../src/shared/api/readme-table.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe("the README's API table", () => {
  it('is the one the declarations in src/shared/api give (run `npm run docs:api` after changing one)', () => {
    const start = readme.indexOf(TABLE_START);
    const end = readme.indexOf(TABLE_END);
    expect(start).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    expect(readme.slice(start + TABLE_START.length, end).trim()).toBe(apiTable(allEndpoints));
  });

  it('writes a vote and a challenge as a reader needs them', () => {
    const table = apiTable(allEndpoints);
    expect(table).toContain(
      '| `POST /api/votes` `{ marketId, voteType, fingerprint, proof? }` | 200 `{ market, voteType, changed, nextChallenge }`; 400; 403 identity or proof refused; 404; 409 ended/resolved or change refused |',
    );
    expect(table).toContain(
      '`POST /api/challenges` `{ purpose: "identity" } or { purpose: "ballot", fingerprint } or { purpose: "vote", marketId, voteType, fingerprint } or',
    );
    expect(table).toContain('| `GET /api/admin/check` | 200 `{ ok, mismatches }` |');
    expect(table).toContain(
      '| `GET /api/markets/:id/history?range=…` | 200 `{ marketId, range, points: [{ at, yesVotes, noVotes }] }` (at most 61 points); 400; 404 |',
    );
    expect(table.split('\n')).toHaveLength(46);
  });
});
