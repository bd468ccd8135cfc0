import { describe, expect, it } from 'vitest';
import { createFakeOpenAiApi, FAKE_OPENAI_BASE_URL, toolResults } from '../../../../tests/fake-openai-api';
import { createLogger } from '../../logger';
import { createLlmProvider } from './create-llm-provider';
import type { LlmMessage, LlmToolDefinition } from './llm-provider';
import { createOpenAiCompatibleProvider, LlmProviderError } from './openai-compatible-provider';

const API_KEY = 'sk-test-0123456789abcdef';
const MODEL = 'gpt-4o-mini';

const TOOLS: LlmToolDefinition[] = [
  {
    type: 'function',
    function: {
      name: 'get_menu',
      description: "Get the restaurant's current menu.",
      parameters: { type: 'object', properties: {} },
    },
  },
];
const MESSAGES: LlmMessage[] = [
  { role: 'system', content: 'You are a phone assistant.' },
  { role: 'assistant', content: 'Hello, how can I help?' },
  { role: 'user', content: 'What do you have?' },
];

function setup(options: { apiKey?: string; model?: string; baseUrl?: string; timeoutMs?: number } = {}) {
  const fake = createFakeOpenAiApi({ apiKey: API_KEY, model: MODEL });
  const provider = createOpenAiCompatibleProvider({
    baseUrl: options.baseUrl ?? FAKE_OPENAI_BASE_URL,
    apiKey: options.apiKey ?? API_KEY,
    model: options.model ?? MODEL,
    fetch: fake.fetch,
    timeoutMs: options.timeoutMs,
  });
  return { fake, provider };
}

async function failure(promise: Promise<unknown>): Promise<LlmProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LlmProviderError);
  return error as LlmProviderError;
}

describe('createOpenAiCompatibleProvider', () => {
  it('posts the history and the tools to /chat/completions with the bearer key, and returns the tool calls', async () => {
    const { fake, provider } = setup({ baseUrl: `${FAKE_OPENAI_BASE_URL}/` });
    fake.script({ toolCalls: [{ name: 'get_menu', arguments: {} }] });

    const { message } = await provider.complete({ messages: MESSAGES, tools: TOOLS });

    expect(provider.model).toBe(MODEL);
    expect(message).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: expect.stringMatching(/^call_/) as string,
          type: 'function',
          function: { name: 'get_menu', arguments: '{}' },
        },
      ],
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.url).toBe(`${FAKE_OPENAI_BASE_URL}/chat/completions`);
    expect(fake.requests[0]!.authorization).toBe(`Bearer ${API_KEY}`);
    expect(fake.requests[0]!.body).toEqual({
      model: MODEL,
      messages: MESSAGES,
      tools: TOOLS,
      tool_choice: 'auto',
      temperature: 0.2,
    });
  });

  it('returns text, and a history with tool answers is accepted by the server', async () => {
    const { fake, provider } = setup();
    fake.script({ toolCalls: [{ name: 'get_menu' }] }, (request) => ({
      content: `We have: ${toolResults(request).join(' ')}`,
    }));

    const first = await provider.complete({ messages: MESSAGES, tools: TOOLS });
    const call = first.message.tool_calls![0]!;
    const history: LlmMessage[] = [
      ...MESSAGES,
      first.message,
      { role: 'tool', tool_call_id: call.id, content: 'Today we have Pad Thai $12.50.' },
    ];
    const second = await provider.complete({ messages: history, tools: TOOLS });

    expect(second.message).toEqual({ role: 'assistant', content: 'We have: Today we have Pad Thai $12.50.' });
    expect(fake.pending()).toBe(0);
  });

  it('leaves tools and tool_choice out when there are no tools', async () => {
    const { fake, provider } = setup();
    fake.script({ content: 'Hi.' });
    await provider.complete({ messages: MESSAGES, tools: [] });
    expect(fake.requests[0]!.body).not.toHaveProperty('tools');
    expect(fake.requests[0]!.body).not.toHaveProperty('tool_choice');
  });

  it("reports a server error with its status and the provider's message", async () => {
    const { fake, provider } = setup();
    fake.failNext(500);
    const error = await failure(provider.complete({ messages: MESSAGES, tools: TOOLS }));
    expect(error.status).toBe(500);
    expect(error.message).toBe(
      'The language model answered 500: The server had an error while processing your request. Sorry about that!',
    );
  });

  it('reports a rate limit as 429', async () => {
    const { fake, provider } = setup();
    fake.failNext(429);
    const error = await failure(provider.complete({ messages: MESSAGES, tools: TOOLS }));
    expect(error.status).toBe(429);
    expect(error.message).toMatch(/^The language model answered 429: Rate limit reached/);
  });

  it('never puts the key in an error, even when the server echoes it', async () => {
    const wrongKey = 'sk-wrong-key-9876543210';
    const { fake, provider } = setup({ apiKey: wrongKey });
    const error = await failure(provider.complete({ messages: MESSAGES, tools: TOOLS }));
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/^The language model answered 401: Incorrect API key provided/);
    expect(error.message).not.toContain(wrongKey);

    const echoing = setup();
    echoing.fake.answerNextWith(JSON.stringify({ error: `bad request from ${API_KEY}` }), 400);
    const echoed = await failure(echoing.provider.complete({ messages: MESSAGES, tools: TOOLS }));
    expect(echoed.message).toBe('The language model answered 400: bad request from [redacted]');
    expect(fake.requests[0]!.authorization).toBe(`Bearer ${wrongKey}`);
  });

  it('reports an unknown model with the server message', async () => {
    const { provider } = setup({ model: 'gpt-nonexistent' });
    const error = await failure(provider.complete({ messages: MESSAGES, tools: TOOLS }));
    expect(error.status).toBe(404);
    expect(error.message).toContain('The model `gpt-nonexistent` does not exist');
  });

  it.each([
    ['not JSON', '<html>Bad gateway</html>', /is not JSON/],
    ['no choices', JSON.stringify({ id: 'x', object: 'chat.completion', choices: [] }), /choices has no choices/],
    [
      'an empty message',
      JSON.stringify({ choices: [{ message: { role: 'assistant', content: '' } }] }),
      /neither text/,
    ],
    [
      'a tool call without arguments',
      JSON.stringify({
        choices: [
          {
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_menu' } }],
            },
          },
        ],
      }),
      /tool_calls\.0\.function\.arguments/,
    ],
    [
      'a tool call of another type',
      JSON.stringify({
        choices: [
          {
            message: {
              content: null,
              tool_calls: [{ id: 'c1', type: 'code', function: { name: 'x', arguments: '{}' } }],
            },
          },
        ],
      }),
      /tool_calls\.0\.type/,
    ],
  ])('refuses a malformed reply: %s', async (_, body, problem) => {
    const { fake, provider } = setup();
    fake.answerNextWith(body);
    const error = await failure(provider.complete({ messages: MESSAGES, tools: TOOLS }));
    expect(error.status).toBe(200);
    expect(error.message).toMatch(problem);
  });

  it('gives up after the timeout', async () => {
    const provider = createOpenAiCompatibleProvider({
      baseUrl: FAKE_OPENAI_BASE_URL,
      apiKey: API_KEY,
      model: MODEL,
      timeoutMs: 20,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error));
        }),
    });
    const error = await failure(provider.complete({ messages: MESSAGES, tools: TOOLS }));
    expect(error.status).toBeNull();
    expect(error.message).toBe('The language model could not be reached: no answer within 0.02 s');
  });

  it('reports a network failure with its cause', async () => {
    const provider = createOpenAiCompatibleProvider({
      baseUrl: FAKE_OPENAI_BASE_URL,
      apiKey: API_KEY,
      model: MODEL,
      fetch: () =>
        Promise.reject(new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND llm.test') })),
    });
    const error = await failure(provider.complete({ messages: MESSAGES, tools: TOOLS }));
    expect(error.message).toBe(
      'The language model could not be reached: fetch failed (getaddrinfo ENOTFOUND llm.test)',
    );
  });
});

describe('createLlmProvider', () => {
  const logger = createLogger('silent');

  it('is the OpenAI-compatible provider with all three LLM_* variables, none without them', async () => {
    const fake = createFakeOpenAiApi({ apiKey: API_KEY, model: MODEL });
    const provider = createLlmProvider(
      { LLM_BASE_URL: FAKE_OPENAI_BASE_URL, LLM_API_KEY: API_KEY, LLM_MODEL: MODEL },
      logger,
      { fetch: fake.fetch },
    );
    fake.script({ content: 'Hello.' });
    expect(provider?.model).toBe(MODEL);
    await expect(provider!.complete({ messages: MESSAGES, tools: TOOLS })).resolves.toEqual({
      message: { role: 'assistant', content: 'Hello.' },
    });
    expect(
      createLlmProvider({ LLM_BASE_URL: undefined, LLM_API_KEY: undefined, LLM_MODEL: undefined }, logger),
    ).toBeNull();
  });

  it('refuses only some of the variables', () => {
    expect(() =>
      createLlmProvider({ LLM_BASE_URL: FAKE_OPENAI_BASE_URL, LLM_API_KEY: undefined, LLM_MODEL: MODEL }, logger),
    ).toThrow(/must be set together/);
  });
});
