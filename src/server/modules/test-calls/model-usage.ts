import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { modelUsage } from '../../db/schema';
import type { LlmProvider } from '../../providers/llm/llm-provider';

/** The day a model request counts toward: the UTC date, so every server agrees when a day ends. */
export const usageDay = (at: Date) => at.toISOString().slice(0, 10);

/** What the owner is told on the test-call page when their account's model requests for the day are used up. */
export const modelLimitNotice = (limit: number) =>
  `Your account has used its ${limit} language-model requests for today, so the built-in assistant took over this call. The model answers again after midnight UTC.`;

/** Thrown instead of sending a model request past the account's daily cap: no request was made. */
export class ModelRequestLimitError extends Error {
  constructor(readonly limit: number) {
    super(`The account has made its ${limit} language-model requests for today`);
    this.name = 'ModelRequestLimitError';
  }

  get notice(): string {
    return modelLimitNotice(this.limit);
  }
}

/**
 * Counts one model request toward the account's day, unless the day's cap is reached; a refusal is counted too, for
 * /admin/settings. The count and the check are one statement (the row is locked while it is updated), so turns
 * answered at once, on one server or several, cannot go past the cap together. Returns whether the request may go.
 */
export async function takeModelRequest(
  db: Database,
  { accountId, limit, now = new Date() }: { accountId: string; limit: number; now?: Date },
): Promise<boolean> {
  const day = usageDay(now);
  const taken = await db
    .insert(modelUsage)
    .values({ accountId, day, requests: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: [modelUsage.accountId, modelUsage.day],
      set: { requests: sql`${modelUsage.requests} + 1`, updatedAt: now },
      setWhere: lt(modelUsage.requests, limit),
    })
    .returning({ requests: modelUsage.requests });
  if (taken.length > 0) return true;
  await db
    .update(modelUsage)
    .set({ refused: sql`${modelUsage.refused} + 1`, updatedAt: now })
    .where(and(eq(modelUsage.accountId, accountId), eq(modelUsage.day, day)));
  return false;
}

export interface ModelUsageDeps {
  db: Database;
  /** Model requests one account may make a day (LLM_DAILY_REQUESTS_PER_ACCOUNT). */
  llmDailyRequestsPerAccount: number;
}

/**
 * The model as one account's test calls use it: each request is counted toward the account's day first, and past the
 * cap none is sent (ModelRequestLimitError), so the built-in assistant answers instead.
 */
export function meteredModel(
  deps: ModelUsageDeps,
  model: LlmProvider,
  accountId: string,
  now: () => Date = () => new Date(),
): LlmProvider {
  const limit = deps.llmDailyRequestsPerAccount;
  return {
    model: model.model,
    async complete(input) {
      if (!(await takeModelRequest(deps.db, { accountId, limit, now: now() }))) {
        throw new ModelRequestLimitError(limit);
      }
      return model.complete(input);
    },
  };
}
