import { z } from 'zod';
import type { LlmMessage, LlmProvider, LlmReply, LlmToolDefinition } from './llm-provider';

/**
 * Any OpenAI-compatible chat-completions API (OpenAI, Azure's OpenAI-compatible endpoint, OpenRouter, Groq, a local
 * Ollama or vLLM …) over plain fetch: one POST to `${baseUrl}/chat/completions` per model turn, no streaming. The
 * reply is validated before anyone reads it, so a server that answers something else fails loudly here rather than
 * somewhere in the conversation.
 */

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface OpenAiCompatibleProviderOptions {
  /** e.g. https://api.openai.com/v1 (a trailing `/` is dropped). */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Tests pass a fake that answers as a chat-completions server does. */
  fetch?: FetchLike;
  timeoutMs?: number;
}

/** A phone caller waits for this answer: past it the built-in assistant answers the turn instead. */
const DEFAULT_TIMEOUT_MS = 15_000;
const TEMPERATURE = 0.2;
const MAX_ERROR_LENGTH = 300;

/** A non-2xx answer (status set), no answer at all (status null), or a reply that is not a chat completion. */
export class LlmProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'LlmProviderError';
  }
}

const toolCallSchema = z.object({
  id: z.string().min(1),
  type: z.literal('function'),
  function: z.object({ name: z.string().min(1), arguments: z.string() }),
});

const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z
          .object({
            role: z.literal('assistant').optional(),
            content: z.string().nullish(),
            tool_calls: z.array(toolCallSchema).nullish(),
          })
          .refine(
            (m) => Boolean(m.content?.trim()) || (m.tool_calls?.length ?? 0) > 0,
            'has neither text nor tool calls',
          ),
      }),
    )
    .min(1, 'has no choices'),
});

export function createOpenAiCompatibleProvider(options: OpenAiCompatibleProviderOptions): LlmProvider {
  const { apiKey, model, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));

  /** The key never reaches an error message (which is logged). */
  const redact = (text: string) => (apiKey.length >= 4 ? text.split(apiKey).join('[redacted]') : text);

  async function complete({
    messages,
    tools,
    signal,
  }: {
    messages: LlmMessage[];
    tools: LlmToolDefinition[];
    signal?: AbortSignal;
  }): Promise<LlmReply> {
    const body = {
      model,
      messages,
      // An empty tools array is refused by OpenAI; without tools there is nothing to choose from.
      ...(tools.length > 0 ? { tools, tool_choice: 'auto' } : {}),
      temperature: TEMPERATURE,
    };
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      text = await response.text();
    } catch (error) {
      const reason = timeout.aborted ? `no answer within ${timeoutMs / 1000} s` : describe(error);
      throw new LlmProviderError(`The language model could not be reached: ${redact(reason)}`, null);
    }

    if (!response.ok) {
      throw new LlmProviderError(
        `The language model answered ${response.status}: ${redact(errorMessage(text, response))}`,
        response.status,
      );
    }

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new LlmProviderError(`The language model's answer is not JSON: ${redact(shorten(text))}`, response.status);
    }
    const parsed = completionSchema.safeParse(json);
    if (!parsed.success) {
      const problem = parsed.error.issues.map((i) => `${i.path.join('.') || 'reply'} ${i.message}`).join('; ');
      throw new LlmProviderError(`The language model's answer is not a chat completion: ${problem}`, response.status);
    }

    const { content, tool_calls: toolCalls } = parsed.data.choices[0]!.message;
    return {
      message: {
        role: 'assistant',
        content: content?.trim() ? content : null,
        ...(toolCalls && toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
      },
    };
  }

  return { model, complete };
}

/** OpenAI's `{error: {message}}`, or the `{error: "…"}` / `{message}` of other compatible servers, or the raw text. */
function errorMessage(text: string, response: Response): string {
  try {
    const body = JSON.parse(text) as unknown;
    if (isRecord(body)) {
      const { error, message } = body;
      if (isRecord(error) && typeof error.message === 'string') return shorten(error.message);
      if (typeof error === 'string') return shorten(error);
      if (typeof message === 'string') return shorten(message);
    }
  } catch {
    // Not JSON: the text itself says what went wrong, if anything.
  }
  return shorten(text) || response.statusText || 'no message';
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_ERROR_LENGTH ? `${flat.slice(0, MAX_ERROR_LENGTH - 1)}…` : flat;
}

/** fetch's own message is only "fetch failed"; the reason (ENOTFOUND, ECONNREFUSED …) is in its cause. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
