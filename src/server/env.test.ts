import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

describe('loadEnv', () => {
  it('gives the documented defaults on an empty environment', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      APP_URL: 'http://localhost:3000',
      DATA_DIR: './data',
      ADMIN_EMAILS: [],
      LOGIN_RATE_LIMIT: { max: 10, window: 60 },
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.AUTH_SECRET).toBeUndefined();
  });

  it('derives APP_URL from PORT and parses admin e-mails', () => {
    const env = loadEnv({ PORT: '4100', ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ' });
    expect(env.APP_URL).toBe('http://localhost:4100');
    expect(env.ADMIN_EMAILS).toEqual(['boss@example.com', 'ops@example.com']);
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', AUTH_SECRET: 'short', ADMIN_EMAILS: 'not-an-email' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems.map((p) => p.split(':')[0]);
    expect(problems.sort()).toEqual(['ADMIN_EMAILS', 'AUTH_SECRET', 'DATABASE_URL', 'PORT']);
  });

  it('reads the login rate limit as attempts per seconds', () => {
    expect(loadEnv({ LOGIN_RATE_LIMIT: '5/30' }).LOGIN_RATE_LIMIT).toEqual({ max: 5, window: 30 });
    expect(() => loadEnv({ LOGIN_RATE_LIMIT: 'lots' })).toThrow(/LOGIN_RATE_LIMIT/);
  });
});
