import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'cdna-config-'));

describe('loadConfig', () => {
  it('runs on an empty environment with the embedded defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ PORT: 3000, LOG_LEVEL: 'info', DATABASE_SCHEMA: 'public' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('treats empty strings as unset, as a copied .env.example leaves them', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: '', REDIS_URL: '', TMDB_API_KEY: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.TMDB_API_KEY).toBeUndefined();
  });

  it('lists every bad setting at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud', SESSION_SECRET: 'short', GOOGLE_CLIENT_ID: 'id-only' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'SESSION_SECRET', 'GOOGLE_CLIENT_SECRET']) expect(message).toContain(`- ${name}:`);
  });

  it('requires PUBLIC_URL in production when Google sign-in is configured', () => {
    const google = { DATA_DIR: dataDir(), GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(() => loadConfig({ ...google, NODE_ENV: 'production' })).toThrow(/- PUBLIC_URL: required in production when Google sign-in is configured/);
    expect(loadConfig({ ...google, NODE_ENV: 'production', PUBLIC_URL: 'https://cinema.example' }).PUBLIC_URL).toBe('https://cinema.example');
    // Development builds the callback from the Host header; production without Google needs nothing.
    expect(loadConfig({ ...google, NODE_ENV: 'development' }).PUBLIC_URL).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' }).NODE_ENV).toBe('production');
  });

  it('has login throttle defaults of 10 failures per account and 50 per IP in 15 minutes', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ LOGIN_FAILURES_PER_ACCOUNT: 10, LOGIN_FAILURES_PER_IP: 50, LOGIN_THROTTLE_WINDOW_MINUTES: 15 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), LOGIN_FAILURES_PER_ACCOUNT: '-1' })).toThrow(/- LOGIN_FAILURES_PER_ACCOUNT:/);
  });

  it('trusts no proxy unless TRUST_PROXY names them, and refuses a bad one', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'loopback, 10.0.0.0/8,192.168.1.7' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8', '192.168.1.7']);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    for (const bad of ['true', 'my-proxy', '10.0.0.0/99', 'loopback,300.1.1.1']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: bad }), bad).toThrow(/- TRUST_PROXY: must be proxy addresses/);
    }
  });

  it('gives each Redis command 100 ms unless told otherwise, and refuses a timeout out of range', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).REDIS_COMMAND_TIMEOUT_MS).toBe(100);
    expect(loadConfig({ DATA_DIR: dataDir(), REDIS_COMMAND_TIMEOUT_MS: '250' }).REDIS_COMMAND_TIMEOUT_MS).toBe(250);
    for (const bad of ['0', '5', '-100', 'fast', '60000']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), REDIS_COMMAND_TIMEOUT_MS: bad }), bad).toThrow(/- REDIS_COMMAND_TIMEOUT_MS:/);
    }
  });

  it('bounds the in-process cache at 50,000 entries unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).MEMORY_CACHE_MAX_ENTRIES).toBe(50_000);
    expect(loadConfig({ DATA_DIR: dataDir(), MEMORY_CACHE_MAX_ENTRIES: '1000' }).MEMORY_CACHE_MAX_ENTRIES).toBe(1000);
    expect(() => loadConfig({ DATA_DIR: dataDir(), MEMORY_CACHE_MAX_ENTRIES: '0' })).toThrow(/MEMORY_CACHE_MAX_ENTRIES/);
  });

  it('generates a session secret once, privately, and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).SESSION_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).SESSION_SECRET).toBe(first);
    const file = path.join(dir, 'session-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('prefers SESSION_SECRET from the environment', () => {
    const secret = 's'.repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET: secret }).SESSION_SECRET).toBe(secret);
  });

  it('has the spec’s rate limits and Google’s endpoints by default', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ RATE_LIMIT_PUBLIC_PER_MINUTE: 100, RATE_LIMIT_AUTHENTICATED_PER_MINUTE: 1000, FIND_CONNECTION_RATE_LIMIT: 20 });
    expect(config.GOOGLE_AUTH_URL).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(config.GOOGLE_USERINFO_URL).toMatch(/\/userinfo$/);
  });

  it('takes ADMIN_USERNAME and ADMIN_PASSWORD together, and checks the password against the rules without echoing it', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'a-good-password' })).toMatchObject({ ADMIN_USERNAME: 'root' });
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_USERNAME: 'root' })).toThrow(/ADMIN_PASSWORD: ADMIN_USERNAME and ADMIN_PASSWORD go together/);
    for (const password of ['tooshort', 'zzzzzzzzzzzz', 'ROOT_ADMIN']) {
      let message = '';
      try {
        loadConfig({ DATA_DIR: dataDir(), ADMIN_USERNAME: 'root_admin', ADMIN_PASSWORD: password });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain('ADMIN_PASSWORD: Passwords are 10 to 128 characters');
      expect(message).not.toContain(password);
    }
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_USERNAME: 'no spaces allowed', ADMIN_PASSWORD: 'a-good-password' })).toThrow(/ADMIN_USERNAME/);
  });

  it('bounds every search by time and visited entities, by default and as set', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ SEARCH_TIME_BUDGET_MS: 5000, SEARCH_MAX_VISITED: 2_000_000 });
    expect(loadConfig({ DATA_DIR: dataDir(), SEARCH_TIME_BUDGET_MS: '250', SEARCH_MAX_VISITED: '1000' })).toMatchObject({ SEARCH_TIME_BUDGET_MS: 250, SEARCH_MAX_VISITED: 1000 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), SEARCH_TIME_BUDGET_MS: '0', SEARCH_MAX_VISITED: 'lots' })).toThrow(/- SEARCH_TIME_BUDGET_MS:[\s\S]*- SEARCH_MAX_VISITED:/);
  });
});
