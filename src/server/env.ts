import { z } from 'zod';

/** The only module that reads process.env. Everything else receives a typed Env. */

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const rateLimitRule = z
  .string()
  .regex(/^\d+\/\d+$/, 'must look like ATTEMPTS/SECONDS, e.g. 10/60')
  .transform((v) => {
    const [max, window] = v.split('/').map(Number) as [number, number];
    return { max, window };
  })
  .refine((r) => r.max >= 1 && r.window >= 1, 'both numbers must be at least 1');

/** An e-mail address, alone or with a display name: `no-reply@example.com` or `PickupLine <no-reply@example.com>`. */
function isMailbox(value: string) {
  const match = /^(?:[^<>]*<([^<>\s]+)>|([^<>\s]+))$/.exec(value);
  const address = match?.[1] ?? match?.[2];
  return address !== undefined && z.email().safeParse(address).success;
}

/** A whole number in a range; an empty value counts as unset (so a default applies). */
function wholeNumber(min: number, max: number) {
  const message = `must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`;
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number(message).int(message).min(min, message).max(max, message).optional(),
  );
}

type LlmVariable = 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL';
const LLM_VARIABLES: LlmVariable[] = ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL'];

/** The language model needs all three LLM_* variables: one missing while another is set is reported by name. */
function llmTogether(
  name: LlmVariable,
): [
  check: (e: Partial<Record<LlmVariable, string>>) => boolean,
  params: { path: string[]; message: string; when: (payload: { value: unknown }) => boolean },
] {
  const others = LLM_VARIABLES.filter((v) => v !== name);
  return [
    (e) => Boolean(e[name]) || !others.some((v) => e[v]),
    {
      path: [name],
      message: `is required when ${others.join(' or ')} is set: set all three LLM_* variables to answer test calls with a language model, or none for the built-in assistant`,
      // Checked even when other variables are bad, so that every problem is listed at once.
      when: (payload) => isRecord(payload.value),
    },
  ];
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    APP_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => !v || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// or postgresql:// URL'),
    DATA_DIR: z.string().default('./data'),
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine((list) => list.every((e) => z.email().safeParse(e).success), 'must be comma-separated e-mail addresses'),
    AUTH_SECRET: optionalString.refine((v) => !v || v.length >= 32, 'must be at least 32 characters'),
    TRUST_PROXY: booleanFlag,
    LOGIN_RATE_LIMIT: rateLimitRule.default({ max: 10, window: 60 }),
    /** false: this instance serves HTTP only; another one runs the background jobs. */
    RUN_WORKERS: z
      .enum(['true', 'false', '1', '0', ''])
      .optional()
      .transform((v) => v !== 'false' && v !== '0'),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    /** Open live streams (GET /api/events) one account may hold; a new one past it closes the account's oldest. */
    EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
    /** Open live streams this process holds in all; unset: from the process's open-file limit. */
    EVENT_STREAMS_MAX: z.coerce.number().int().min(1).optional(),
    /** Test orders one account may create, `COUNT/SECONDS` (the product's TEST_ORDER_CREATION_LIMIT by default). */
    TEST_ORDER_LIMIT: rateLimitRule.default({ max: 30, window: 60 }),
    /** Test-call turns one account may send to this server, `COUNT/SECONDS` (30 a minute by default). */
    TEST_CALL_TURN_LIMIT: rateLimitRule.default({ max: 30, window: 60 }),
    SMTP_URL: optionalString.refine((v) => {
      if (!v) return true;
      if (!URL.canParse(v)) return false;
      const url = new URL(v);
      return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
    }, 'must be an smtp:// or smtps:// URL with a host, e.g. smtps://user:password@smtp.example.com:465'),
    EMAIL_FROM: optionalString.refine(
      (v) => !v || isMailbox(v),
      'must be an e-mail address, optionally with a name: PickupLine <no-reply@example.com>',
    ),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_ID: optionalString,
    TWILIO_ACCOUNT_SID: optionalString.refine(
      (v) => !v || /^AC[0-9a-fA-F]{32}$/.test(v),
      'must look like AC followed by 32 hex characters',
    ),
    TWILIO_AUTH_TOKEN: optionalString,
    TWILIO_FROM_NUMBER: optionalString,
    VAPI_API_KEY: optionalString,
    VAPI_WEBHOOK_SECRET: optionalString,
    LLM_BASE_URL: optionalString.refine(
      (v) => !v || (/^https?:\/\//.test(v) && URL.canParse(v)),
      'must be an http:// or https:// URL, e.g. https://api.openai.com/v1',
    ),
    LLM_API_KEY: optionalString,
    LLM_MODEL: optionalString,
    /** Model requests one account's test calls may make a day (UTC); past it the built-in assistant answers. */
    LLM_DAILY_REQUESTS_PER_ACCOUNT: wholeNumber(1, 1_000_000).default(300),
  })
  .refine((e) => !e.VAPI_API_KEY || e.VAPI_WEBHOOK_SECRET, {
    path: ['VAPI_WEBHOOK_SECRET'],
    message: 'is required when VAPI_API_KEY is set: the Vapi webhook accepts only requests that carry it',
    // Checked even when other variables are bad, so that every problem is listed at once.
    when: (payload) => isRecord(payload.value),
  })
  .refine(...llmTogether('LLM_BASE_URL'))
  .refine(...llmTogether('LLM_API_KEY'))
  .refine(...llmTogether('LLM_MODEL'))
  .transform((e) => ({ ...e, APP_URL: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '') }));

export type Env = z.infer<typeof envSchema>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the environment, collecting every bad variable into one error rather than stopping at the first. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`));
  }
  return result.data;
}
