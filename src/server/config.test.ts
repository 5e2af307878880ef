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

  it('readiness deadline and metrics token: 1 s and off by default, validated when set', () => {
    expect(loadConfig({}).readinessTimeoutMs).toBe(1000);
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeNull();
    const config = loadConfig({ READINESS_TIMEOUT_MS: '250', METRICS_TOKEN: 'jeton-de-mesure-assez-long' });
    expect(config.readinessTimeoutMs).toBe(250);
    expect(config.metricsToken).toBe('jeton-de-mesure-assez-long');
    expect(() => loadConfig({ READINESS_TIMEOUT_MS: '10' })).toThrow(/READINESS_TIMEOUT_MS/);
    expect(() => loadConfig({ READINESS_TIMEOUT_MS: 'vite' })).toThrow(/READINESS_TIMEOUT_MS/);
    expect(() => loadConfig({ METRICS_TOKEN: 'court' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });

  it('ADMIN_TOKEN: at least 16 characters, refused at start otherwise; empty leaves admin off', () => {
    expect(loadConfig({}).adminToken).toBeNull();
    expect(loadConfig({ ADMIN_TOKEN: '' }).adminToken).toBeNull();
    expect(loadConfig({ ADMIN_TOKEN: '0123456789abcdef' }).adminToken).toBe('0123456789abcdef');
    expect(() => loadConfig({ ADMIN_TOKEN: '0123456789abcde' })).toThrow(
      'Invalid configuration: ADMIN_TOKEN must be at least 16 characters',
    );
    expect(() => loadConfig({ ADMIN_TOKEN: 'e2e-admin-token' })).toThrow(/ADMIN_TOKEN must be at least 16 characters/);
  });

  it('RATE_LIMIT_ADMIN_PER_MINUTE: 30 by default, at least 1', () => {
    expect(loadConfig({}).rateLimits.adminFailuresPerMinute).toBe(30);
    expect(loadConfig({ RATE_LIMIT_ADMIN_PER_MINUTE: '5' }).rateLimits.adminFailuresPerMinute).toBe(5);
    expect(() => loadConfig({ RATE_LIMIT_ADMIN_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_ADMIN_PER_MINUTE/);
  });

  it('PUBLIC_URL: an http(s) origin, kept without its trailing slash; a path, query, fragment or credentials refused', () => {
    expect(loadConfig({}).publicUrl).toBeNull();
    expect(loadConfig({ PUBLIC_URL: '' }).publicUrl).toBeNull();
    expect(loadConfig({ PUBLIC_URL: 'https://predi974.re' }).publicUrl).toBe('https://predi974.re');
    expect(loadConfig({ PUBLIC_URL: 'https://predi974.re/' }).publicUrl).toBe('https://predi974.re');
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).publicUrl).toBe('http://localhost:3000');
    for (const refused of [
      'predi974.re',
      'ftp://predi974.re',
      'https://predi974.re/app',
      'https://predi974.re/?x=1',
      'https://predi974.re/#haut',
      'https://admin:secret@predi974.re',
      'https://www.clicanoo.re@evil.example',
      'javascript:alert(1)',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: refused }), refused).toThrow(
        'Invalid configuration: PUBLIC_URL must be an http(s) origin without path, query or credentials, e.g. https://predi974.re',
      );
    }
  });

  it('refuses a value it cannot use, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'beaucoup' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ VOTE_CHANGE: 'maybe' })).toThrow(/VOTE_CHANGE/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('TRUST_PROXY: off by default, a hop count, or proxy addresses and ranges; never "every hop"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.5 ,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would trust every hop/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY "10.0.0.0\/33"/);
    expect(() => loadConfig({ TRUST_PROXY: 'nginx.local' })).toThrow(/TRUST_PROXY "nginx.local"/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,' + '300.1.1.1' })).toThrow(/TRUST_PROXY "300.1.1.1"/);
  });

  it('turns the vote protection on by default, with the documented budgets', () => {
    const config = loadConfig({});
    expect(config.rateLimits.votesPerMinute).toBe(600);
    expect(config.rateLimits.challengesPerMinute).toBe(60_000);
    expect(config.rateLimits.sharesPerMinute).toBe(600);
    expect(config.rateLimits.historyPerMinute).toBe(600);
    expect(config.rateLimits.challengesPerIdentityPerMinute).toBe(60);
    expect(config.rateLimits.refusalsPerMinute).toBe(120);
    expect(config.protection).toEqual({
      enabled: true,
      secret: null,
      challengeTtlSeconds: 300,
      normalMaxNumber: 10_000,
      identityMaxNumber: 50_000,
      maxMaxNumber: 1_000_000_000_000,
      steepness: 20,
      budgets: {
        identitiesPerAddressPerHour: 600,
        votesPerAddressPerItemPerHour: 120,
        votesPerIdentityPerMinute: 10,
        votesPerAddressPerHour: 3000,
      },
      transparencyCacheMs: 5000,
    });
    expect(loadConfig({ VOTE_PROTECTION: 'off' }).protection.enabled).toBe(false);
  });

  it('keeps the ceiling within what crypto.randomInt can draw (below 2^48)', () => {
    expect(loadConfig({ PROTECTION_MAX_MAXNUMBER: '281474976710654' }).protection.maxMaxNumber).toBe(281_474_976_710_654);
    expect(() => loadConfig({ PROTECTION_MAX_MAXNUMBER: '281474976710655' })).toThrow(/PROTECTION_MAX_MAXNUMBER/);
  });

  it('STREAM_STALL_TIMEOUT_MS: 5 s by default, 0 turns it off, otherwise between 200 ms and 10 minutes', () => {
    expect(loadConfig({}).streamStallTimeoutMs).toBe(5000);
    expect(loadConfig({ STREAM_STALL_TIMEOUT_MS: '0' }).streamStallTimeoutMs).toBe(0);
    expect(loadConfig({ STREAM_STALL_TIMEOUT_MS: '200' }).streamStallTimeoutMs).toBe(200);
    expect(loadConfig({ STREAM_STALL_TIMEOUT_MS: '600000' }).streamStallTimeoutMs).toBe(600000);
    expect(() => loadConfig({ STREAM_STALL_TIMEOUT_MS: '199' })).toThrow(
      /STREAM_STALL_TIMEOUT_MS.*0 \(off\) or between 200 and 600000/,
    );
    expect(() => loadConfig({ STREAM_STALL_TIMEOUT_MS: '600001' })).toThrow(/STREAM_STALL_TIMEOUT_MS/);
    expect(() => loadConfig({ STREAM_STALL_TIMEOUT_MS: '-1' })).toThrow(/STREAM_STALL_TIMEOUT_MS/);
    expect(() => loadConfig({ STREAM_STALL_TIMEOUT_MS: '2.5' })).toThrow(/STREAM_STALL_TIMEOUT_MS/);
  });

  it('refuses an identity secret too short to be safe', () => {
    expect(() => loadConfig({ IDENTITY_SECRET: 'court' })).toThrow(/IDENTITY_SECRET/);
    expect(loadConfig({ IDENTITY_SECRET: 'x'.repeat(32) }).protection.secret).toBe('x'.repeat(32));
    expect(() => loadConfig({ VOTE_PROTECTION: 'peut-être' })).toThrow(/VOTE_PROTECTION/);
  });
});
