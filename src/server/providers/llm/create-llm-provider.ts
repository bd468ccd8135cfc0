import type { Env } from '../../env';
import type { Logger } from '../../logger';
import type { LlmProvider } from './llm-provider';
import { createOpenAiCompatibleProvider, type FetchLike } from './openai-compatible-provider';

/**
 * Chosen once at start-up: an OpenAI-compatible model when LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are all set, none
 * otherwise (test calls are then answered by the built-in assistant). env.ts refuses to start with only some of the
 * three set; so does this, for callers that build an Env by hand.
 */
export function createLlmProvider(
  env: Pick<Env, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL'>,
  logger: Logger,
  { fetch }: { fetch?: FetchLike } = {},
): LlmProvider | null {
  const { LLM_BASE_URL: baseUrl, LLM_API_KEY: apiKey, LLM_MODEL: model } = env;
  if (baseUrl && apiKey && model) {
    logger.info({ model, host: hostOf(baseUrl) }, 'test calls are answered by the language model');
    return createOpenAiCompatibleProvider({ baseUrl, apiKey, model, fetch });
  }
  if (baseUrl || apiKey || model) {
    throw new Error('LLM_BASE_URL, LLM_API_KEY and LLM_MODEL must be set together, or not at all');
  }
  logger.info('test calls are answered by the built-in assistant (LLM_* not set)');
  return null;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'unknown';
  }
}
