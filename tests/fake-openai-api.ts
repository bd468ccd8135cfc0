import { randomBytes } from 'node:crypto';
import type { FetchLike } from '../src/server/providers/llm/openai-compatible-provider';

/**
 * An OpenAI-compatible chat-completions server in memory, as the `fetch` the provider is given. It checks what the
 * real API checks before answering (the bearer key, the model, the request fields it knows, the roles and shapes of
 * the messages, that every assistant `tool_calls` is followed by a `tool` message for each id, the `tools` schema),
 * answers with OpenAI's `chat.completion` object and error bodies, and plays its answers from a script: each step is
 * tool calls, text, or a function of the request (to relay a tool answer it was sent). It records every request and
 * can fail the next one (429, 5xx, or any body at all, malformed ones included).
 */

export const FAKE_OPENAI_BASE_URL = 'https://llm.test/v1';

export interface ScriptedToolCall {
  name: string;
  /** An object is sent JSON-encoded, as models do; a string is sent as it is (to send arguments that are not JSON). */
  arguments?: Record<string, unknown> | string;
}

export interface ScriptedReply {
  content?: string | null;
  toolCalls?: ScriptedToolCall[];
}

export type ScriptStep = ScriptedReply | ((request: ChatCompletionRequest) => ScriptedReply);

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content?: string | null;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface ChatCompletionRequest {
  model: string;
  messages: ChatMessage[];
  tools?: {
    type: 'function';
    function: { name: string; description?: string; parameters?: Record<string, unknown> };
  }[];
  tool_choice?: unknown;
  temperature?: number;
}

export interface RecordedChatRequest {
  url: string;
  authorization: string | null;
  /** The parsed body as sent (even when it was refused). */
  body: ChatCompletionRequest;
}

type Failure = { kind: 'status'; status: number; message?: string } | { kind: 'raw'; status: number; body: string };

/** Request fields of OpenAI's CreateChatCompletionRequest; anything else is refused, as OpenAI does. */
const KNOWN_FIELDS = new Set([
  'model',
  'messages',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'temperature',
  'top_p',
  'n',
  'stop',
  'max_tokens',
  'max_completion_tokens',
  'presence_penalty',
  'frequency_penalty',
  'logit_bias',
  'logprobs',
  'top_logprobs',
  'response_format',
  'seed',
  'stream',
  'stream_options',
  'user',
  'metadata',
  'store',
  'reasoning_effort',
  'service_tier',
]);
const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);
const FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

const ERROR_BODIES: Record<number, { message: string; type: string; code: string | null }> = {
  429: {
    message: 'Rate limit reached for requests. Please try again in 20s.',
    type: 'requests',
    code: 'rate_limit_exceeded',
  },
  500: {
    message: 'The server had an error while processing your request. Sorry about that!',
    type: 'server_error',
    code: null,
  },
  503: { message: 'The engine is currently overloaded, please try again later.', type: 'server_error', code: null },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

class OpenAiHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = 'invalid_request_error',
    readonly code: string | null = null,
    readonly param: string | null = null,
  ) {
    super(message);
  }
}

const invalid = (message: string, param: string | null = null) =>
  new OpenAiHttpError(400, message, 'invalid_request_error', null, param);

/** The `tool` messages' contents of the latest tool round in a request: what the tools answered. */
export function toolResults(request: ChatCompletionRequest): string[] {
  const results: string[] = [];
  for (let i = request.messages.length - 1; i >= 0 && request.messages[i]!.role === 'tool'; i--) {
    results.unshift(request.messages[i]!.content ?? '');
  }
  return results;
}

export function createFakeOpenAiApi({
  apiKey,
  model = 'gpt-4o-mini',
  baseUrl = FAKE_OPENAI_BASE_URL,
}: {
  apiKey: string;
  model?: string;
  baseUrl?: string;
}) {
  const requests: RecordedChatRequest[] = [];
  const script: ScriptStep[] = [];
  const failures: Failure[] = [];

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const errorResponse = (error: OpenAiHttpError) =>
    json(error.status, { error: { message: error.message, type: error.type, param: error.param, code: error.code } });

  function validateMessages(messages: unknown) {
    if (!Array.isArray(messages) || messages.length === 0)
      throw invalid("'messages' must be a non-empty array", 'messages');
    const awaited = new Set<string>();
    messages.forEach((message: unknown, i) => {
      const at = `messages[${i}]`;
      if (!isRecord(message) || typeof message.role !== 'string' || !ROLES.has(message.role)) {
        throw invalid(`Invalid value for '${at}.role'.`, `${at}.role`);
      }
      if (awaited.size > 0 && message.role !== 'tool') {
        throw invalid(
          `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...awaited].join(', ')}`,
          'messages',
        );
      }
      switch (message.role) {
        case 'system':
        case 'developer':
        case 'user':
          if (typeof message.content !== 'string') throw invalid(`'${at}.content' must be a string`, `${at}.content`);
          break;
        case 'assistant': {
          const calls = message.tool_calls;
          if (calls !== undefined && (!Array.isArray(calls) || calls.length === 0)) {
            throw invalid(`'${at}.tool_calls' must be a non-empty array`, `${at}.tool_calls`);
          }
          if (message.content !== null && typeof message.content !== 'string') {
            throw invalid(`'${at}.content' must be a string or null`, `${at}.content`);
          }
          if (!message.content && !calls) {
            throw invalid(`'${at}' must have either 'content' or 'tool_calls'`, at);
          }
          for (const call of (calls ?? []) as unknown[]) {
            if (
              !isRecord(call) ||
              typeof call.id !== 'string' ||
              call.type !== 'function' ||
              !isRecord(call.function) ||
              typeof call.function.name !== 'string' ||
              typeof call.function.arguments !== 'string'
            ) {
              throw invalid(`Invalid '${at}.tool_calls'`, `${at}.tool_calls`);
            }
            awaited.add(call.id);
          }
          break;
        }
        case 'tool':
          if (typeof message.tool_call_id !== 'string' || !awaited.delete(message.tool_call_id)) {
            throw invalid(
              "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
              `${at}.role`,
            );
          }
          if (typeof message.content !== 'string') throw invalid(`'${at}.content' must be a string`, `${at}.content`);
          break;
      }
    });
    if (awaited.size > 0) {
      throw invalid(
        `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...awaited].join(', ')}`,
        'messages',
      );
    }
  }

  function validateTools(tools: unknown) {
    if (tools === undefined) return;
    if (!Array.isArray(tools) || tools.length === 0) {
      throw invalid("Invalid 'tools': empty array. Expected an array with minimum length 1.", 'tools');
    }
    const names = new Set<string>();
    tools.forEach((tool: unknown, i) => {
      const at = `tools[${i}]`;
      if (!isRecord(tool) || tool.type !== 'function' || !isRecord(tool.function)) {
        throw invalid(`Invalid '${at}': expected a function tool.`, at);
      }
      const { name, description, parameters } = tool.function;
      if (typeof name !== 'string' || !FUNCTION_NAME.test(name)) {
        throw invalid(`Invalid '${at}.function.name': string does not match pattern '^[a-zA-Z0-9_-]+$'.`, at);
      }
      if (names.has(name)) throw invalid(`Duplicate tool name: ${name}`, at);
      names.add(name);
      if (description !== undefined && typeof description !== 'string') {
        throw invalid(`Invalid '${at}.function.description'`, at);
      }
      if (parameters !== undefined && (!isRecord(parameters) || parameters.type !== 'object')) {
        throw invalid(`Invalid schema for function '${name}': schema must be a JSON Schema of 'type: "object"'.`, at);
      }
    });
  }

  function validate(body: unknown): ChatCompletionRequest {
    if (!isRecord(body)) throw invalid('We could not parse the JSON body of your request.');
    for (const key of Object.keys(body)) {
      if (!KNOWN_FIELDS.has(key)) throw invalid(`Unrecognized request argument supplied: ${key}`, key);
    }
    if (typeof body.model !== 'string' || body.model === '') throw invalid('you must provide a model parameter');
    if (body.model !== model) {
      throw new OpenAiHttpError(
        404,
        `The model \`${body.model}\` does not exist or you do not have access to it.`,
        'invalid_request_error',
        'model_not_found',
      );
    }
    validateMessages(body.messages);
    validateTools(body.tools);
    if (body.tool_choice !== undefined) {
      if (body.tools === undefined) throw invalid("'tool_choice' is only allowed when 'tools' are specified.");
      if (!['auto', 'none', 'required'].includes(body.tool_choice as string) && !isRecord(body.tool_choice)) {
        throw invalid("Invalid value for 'tool_choice'.", 'tool_choice');
      }
    }
    if (
      body.temperature !== undefined &&
      (typeof body.temperature !== 'number' || body.temperature < 0 || body.temperature > 2)
    ) {
      throw invalid("Invalid 'temperature': must be a number from 0 to 2.", 'temperature');
    }
    if (body.stream === true) throw invalid('This fake does not stream.', 'stream');
    return body as unknown as ChatCompletionRequest;
  }

  function completion(request: ChatCompletionRequest, reply: ScriptedReply) {
    const offered = new Set((request.tools ?? []).map((t) => t.function.name));
    const toolCalls = (reply.toolCalls ?? []).map((call) => {
      // A script calling a tool the request did not offer is a broken test, not something a model does.
      if (!offered.has(call.name))
        throw new Error(`fake OpenAI API: the script calls ${call.name}, which was not offered`);
      return {
        id: `call_${randomBytes(12).toString('base64url')}`,
        type: 'function' as const,
        function: {
          name: call.name,
          arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}),
        },
      };
    });
    return {
      id: `chatcmpl-${randomBytes(15).toString('base64url')}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: `${model}-2024-07-18`,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: reply.content ?? null,
            ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
            refusal: null,
            annotations: [],
          },
          logprobs: null,
          finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
        },
      ],
      usage: { prompt_tokens: 812, completion_tokens: 24, total_tokens: 836 },
      system_fingerprint: 'fp_fake',
    };
  }

  const fetch: FetchLike = (url, init) => Promise.resolve().then(() => answer(url, init));

  function answer(url: string, init: RequestInit): Response {
    if (url !== `${baseUrl}/chat/completions`) throw new TypeError(`fetch failed: ${url}`);
    const headers = new Headers(init.headers);
    let parsed: unknown;
    try {
      parsed = JSON.parse(typeof init.body === 'string' ? init.body : '');
    } catch {
      parsed = undefined;
    }
    requests.push({ url, authorization: headers.get('authorization'), body: parsed as ChatCompletionRequest });

    if ((init.method ?? 'GET').toUpperCase() !== 'POST') {
      return errorResponse(new OpenAiHttpError(405, 'Method not allowed', 'invalid_request_error'));
    }
    const authorization = headers.get('authorization') ?? '';
    if (authorization !== `Bearer ${apiKey}`) {
      const given = authorization.replace(/^Bearer /, '');
      return errorResponse(
        new OpenAiHttpError(
          401,
          given
            ? `Incorrect API key provided: ${given.slice(0, 3)}****${given.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`
            : "You didn't provide an API key.",
          'invalid_request_error',
          'invalid_api_key',
        ),
      );
    }
    if (!headers.get('content-type')?.startsWith('application/json')) {
      return errorResponse(invalid('Content-Type must be application/json'));
    }
    let request: ChatCompletionRequest;
    try {
      request = validate(parsed);
    } catch (error) {
      if (error instanceof OpenAiHttpError) return errorResponse(error);
      throw error;
    }

    const failure = failures.shift();
    if (failure?.kind === 'raw') {
      return new Response(failure.body, { status: failure.status, headers: { 'content-type': 'application/json' } });
    }
    if (failure) {
      const known = ERROR_BODIES[failure.status] ?? { message: 'Error', type: 'server_error', code: null };
      return errorResponse(
        new OpenAiHttpError(failure.status, failure.message ?? known.message, known.type, known.code),
      );
    }

    const step = script.shift();
    if (!step) {
      return errorResponse(new OpenAiHttpError(500, 'fake OpenAI API: no scripted reply left', 'server_error'));
    }
    return json(200, completion(request, typeof step === 'function' ? step(request) : step));
  }

  return {
    fetch,
    baseUrl,
    apiKey,
    model,
    requests,
    /** Queues the model's next answers, in order. */
    script(...steps: ScriptStep[]) {
      script.push(...steps);
    },
    /** Scripted answers not yet used. */
    pending: () => script.length,
    /** The next request (after it passed the checks above) is answered with this error, in OpenAI's error body. */
    failNext(status: number, message?: string) {
      failures.push({ kind: 'status', status, message });
    },
    /** The next request is answered with exactly this body (e.g. one that is not a chat completion). */
    answerNextWith(body: string, status = 200) {
      failures.push({ kind: 'raw', status, body });
    },
  };
}

export type FakeOpenAiApi = ReturnType<typeof createFakeOpenAiApi>;
