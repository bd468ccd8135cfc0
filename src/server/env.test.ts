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

  it('needs VAPI_WEBHOOK_SECRET with VAPI_API_KEY, and lists it with the other problems', () => {
    expect(() => loadEnv({ VAPI_API_KEY: 'key' })).toThrow(/VAPI_WEBHOOK_SECRET: is required when VAPI_API_KEY is set/);
    let error: unknown;
    try {
      loadEnv({ VAPI_API_KEY: 'key', VAPI_WEBHOOK_SECRET: ' ', PORT: 'eighty' });
    } catch (e) {
      error = e;
    }
    expect((error as EnvError).problems.map((p) => p.split(':')[0]).sort()).toEqual(['PORT', 'VAPI_WEBHOOK_SECRET']);
    expect(loadEnv({ VAPI_API_KEY: 'key', VAPI_WEBHOOK_SECRET: 'secret' })).toMatchObject({
      VAPI_API_KEY: 'key',
      VAPI_WEBHOOK_SECRET: 'secret',
    });
    expect(loadEnv({ VAPI_WEBHOOK_SECRET: 'secret' }).VAPI_API_KEY).toBeUndefined();
  });

  it('takes the LLM_* variables all together or not at all, naming each missing one', () => {
    const llm = { LLM_BASE_URL: 'https://api.openai.com/v1', LLM_API_KEY: 'sk-test', LLM_MODEL: 'gpt-4o-mini' };
    expect(loadEnv(llm)).toMatchObject(llm);
    expect(loadEnv({}).LLM_MODEL).toBeUndefined();
    expect(loadEnv({ LLM_BASE_URL: ' ', LLM_API_KEY: '', LLM_MODEL: '' }).LLM_BASE_URL).toBeUndefined();

    let error: unknown;
    try {
      loadEnv({ LLM_BASE_URL: llm.LLM_BASE_URL, LLM_MODEL: ' ', PORT: 'eighty' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems;
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['LLM_API_KEY', 'LLM_MODEL', 'PORT']);
    expect(problems.find((p) => p.startsWith('LLM_MODEL'))).toMatch(/is required when LLM_BASE_URL or LLM_API_KEY/);
    expect(() => loadEnv({ LLM_API_KEY: 'sk-test' })).toThrow(/LLM_BASE_URL: is required/);
    expect(() => loadEnv({ ...llm, LLM_BASE_URL: 'api.openai.com/v1' })).toThrow(/LLM_BASE_URL: must be an http/);
  });

  it('caps model requests per account and day at 300 unless set, empty counting as unset', () => {
    expect(loadEnv({}).LLM_DAILY_REQUESTS_PER_ACCOUNT).toBe(300);
    expect(loadEnv({ LLM_DAILY_REQUESTS_PER_ACCOUNT: ' ' }).LLM_DAILY_REQUESTS_PER_ACCOUNT).toBe(300);
    expect(loadEnv({ LLM_DAILY_REQUESTS_PER_ACCOUNT: '50' }).LLM_DAILY_REQUESTS_PER_ACCOUNT).toBe(50);
    for (const bad of ['0', '-5', '2.5', 'lots', '1000001']) {
      expect(() => loadEnv({ LLM_DAILY_REQUESTS_PER_ACCOUNT: bad })).toThrow(/LLM_DAILY_REQUESTS_PER_ACCOUNT: /);
    }
  });

  it('reads the login rate limit as attempts per seconds', () => {
    expect(loadEnv({ LOGIN_RATE_LIMIT: '5/30' }).LOGIN_RATE_LIMIT).toEqual({ max: 5, window: 30 });
    expect(() => loadEnv({ LOGIN_RATE_LIMIT: 'lots' })).toThrow(/LOGIN_RATE_LIMIT/);
  });
});
