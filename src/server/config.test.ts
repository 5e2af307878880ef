import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs with no configuration at all: embedded SQLite, port 3000, admin off, vote change allowed', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe('sqlite:./data/predi974.db');
    expect(config.databasePoolSize).toBe(10);
    expect(config.adminToken).toBeNull();
    expect(config.voteChange).toBe('allowed');
    expect(config.rateLimit).toBe(true);
    expect(config.municipalElectionEnd).toBeNull();
  });

  it('reads the pool size, origins and election end from the environment', () => {
    const config = loadConfig({
      DATABASE_POOL_SIZE: '25',
      ALLOWED_ORIGINS: ' https://a.re , https://b.re ,',
      MUNICIPAL_ELECTION_END: '2026-03-22T20:00:00+04:00',
      ADMIN_TOKEN: '',
    });
    expect(config.databasePoolSize).toBe(25);
    expect(config.allowedOrigins).toEqual(['https://a.re', 'https://b.re']);
    expect(config.municipalElectionEnd).toBe('2026-03-22T16:00:00.000Z');
    expect(config.adminToken).toBeNull();
  });

  it('refuses a value it cannot use, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'beaucoup' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ VOTE_CHANGE: 'maybe' })).toThrow(/VOTE_CHANGE/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('turns the vote protection on by default, with the documented budgets', () => {
    const config = loadConfig({});
    expect(config.rateLimits.votesPerMinute).toBe(600);
    expect(config.rateLimits.challengesPerMinute).toBe(1200);
    expect(config.protection).toEqual({
      enabled: true,
      secret: null,
      challengeTtlSeconds: 300,
      normalMaxNumber: 10_000,
      maxMaxNumber: 1_000_000_000_000,
      steepness: 20,
      budgets: {
        identitiesPerAddressPerHour: 600,
        votesPerAddressPerItemPerHour: 120,
        votesPerIdentityPerMinute: 10,
        votesPerItemPerHour: 3000,
      },
      transparencyCacheMs: 5000,
    });
    expect(loadConfig({ VOTE_PROTECTION: 'off' }).protection.enabled).toBe(false);
  });

  it('refuses an identity secret too short to be safe', () => {
    expect(() => loadConfig({ IDENTITY_SECRET: 'court' })).toThrow(/IDENTITY_SECRET/);
    expect(loadConfig({ IDENTITY_SECRET: 'x'.repeat(32) }).protection.secret).toBe('x'.repeat(32));
    expect(() => loadConfig({ VOTE_PROTECTION: 'peut-être' })).toThrow(/VOTE_PROTECTION/);
  });
});
