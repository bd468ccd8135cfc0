import { describe, expect, it, vi } from 'vitest';
import type { LlmMessage, LlmProvider, LlmReply } from '../../providers/llm/llm-provider';
import { buildSystemPrompt } from '../voice/assistant-prompt';
import type { CallContext } from '../voice/call-context';
import type { ToolAnswer } from '../voice/tool-types';
import { newConversation, type Conversation, type ToolRunner } from './engine-types';
import { createLlmEngine, llmToolDefinitions } from './llm-engine';
import { messageBytes, MODEL_HISTORY_BUDGET_BYTES } from './model-history';
import { ModelRequestLimitError, modelLimitNotice } from './model-usage';
import { callContext, menuEntry, OPEN_ALL_WEEK } from '../../../../tests/call-context';

const NOW = new Date('2026-11-23T12:00:00Z');

const CTX: CallContext = callContext({
  restaurantId: 'owner-1',
  busyMessage: 'We are slammed.',
  hours: OPEN_ALL_WEEK.map((day) => ({ ...day, openTime: '09:00', closeTime: '21:00' })),
  menu: [menuEntry('m1', 'Margherita Pizza', 1250, { preparationTime: 15 })],
  allowCustomOrders: false,
});

type Reply = { content?: string; calls?: { name: string; arguments?: string }[] };

/** A provider answering from a list, recording the histories it was sent (copied, as they were at the time). */
function scripted(...replies: (Reply | Error)[]) {
  const seen: LlmMessage[][] = [];
  let n = 0;
  const provider: LlmProvider = {
    model: 'test-model',
    complete: ({ messages }) => {
      seen.push(structuredClone(messages));
      const next = replies.shift();
      if (!next) return Promise.reject(new Error('no reply left'));
      if (next instanceof Error) return Promise.reject(next);
      const reply: LlmReply = {
        message: {
          role: 'assistant',
          content: next.content ?? null,
          ...(next.calls
            ? {
                tool_calls: next.calls.map((c) => ({
                  id: `call_${++n}`,
                  type: 'function' as const,
                  function: { name: c.name, arguments: c.arguments ?? '{}' },
                })),
              }
            : {}),
        },
      };
      return Promise.resolve(reply);
    },
  };
  return { provider, seen };
}

function toolRunner(answers: Record<string, ToolAnswer> = {}) {
  return vi.fn<ToolRunner>((name) => Promise.resolve(answers[name] ?? { result: `${name} done.` }));
}

function started(provider: LlmProvider) {
  const engine = createLlmEngine(provider, { now: () => NOW });
  const greeting = engine.greet(CTX, newConversation('en', 'llm'));
  return { engine, greeting };
}

describe('the language-model engine', () => {
  it('offers the phone tools, with transferCall and endCall as functions', () => {
    const names = llmToolDefinitions('en').map((t) => t.function.name);
    expect(names).toEqual([
      'get_menu',
      'check_hours',
      'place_order',
      'get_order_status',
      'transfer_to_staff',
      'transferCall',
      'endCall',
    ]);
    for (const tool of llmToolDefinitions('es')) {
      expect(Object.keys(tool)).toEqual(['type', 'function']);
      expect(tool.function.parameters).toMatchObject({ type: 'object' });
    }
  });

  it('greets with the phone greeting and the system prompt, without asking the model', () => {
    const { provider, seen } = scripted();
    const { greeting } = started(provider);
    expect(greeting.reply).toBe('Welcome to Casa Lupe! This call may be recorded.');
    expect(greeting.conversation.messages).toEqual([
      { role: 'system', content: buildSystemPrompt(CTX, NOW) },
      { role: 'assistant', content: greeting.reply },
    ]);
    expect(seen).toHaveLength(0);
  });

  it('speaks what the model says around its tool calls', async () => {
    const { provider, seen } = scripted(
      { content: 'One moment.', calls: [{ name: 'check_hours' }] },
      { content: 'We close at nine tonight.' },
    );
    const { engine, greeting } = started(provider);
    const tools = toolRunner({ check_hours: { result: 'We are open now, until 9:00 PM.' } });
    const turn = await engine.respond({ ctx: CTX, conversation: greeting.conversation, text: 'Hours?', tools });
    expect(turn).toMatchObject({ reply: 'One moment. We close at nine tonight.', ended: false });
    expect(tools).toHaveBeenCalledWith('check_hours', {});
    expect(seen[1]!.at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'call_1',
      content: 'We are open now, until 9:00 PM.',
    });
    expect(turn.conversation.messages.map((m) => m.role)).toEqual([
      'system',
      'assistant',
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
  });

  it('ends the call on endCall, with a goodbye when the model said nothing', async () => {
    const { provider } = scripted({ calls: [{ name: 'endCall' }] });
    const { engine, greeting } = started(provider);
    const turn = await engine.respond({
      ctx: CTX,
      conversation: greeting.conversation,
      text: 'Bye',
      tools: toolRunner(),
    });
    expect(turn).toMatchObject({ reply: 'Thank you for calling. Goodbye!', ended: true });
    expect(turn.conversation.stage).toBe('ended');
  });

  it('runs transferCall as transfer_to_staff, and keeps going when nobody can take the call', async () => {
    const { provider } = scripted(
      { calls: [{ name: 'transferCall' }] },
      { content: 'Nobody is available, but I can help.' },
    );
    const { engine, greeting } = started(provider);
    const tools = toolRunner({ transfer_to_staff: { result: 'Sorry, nobody can take the call right now.' } });
    const turn = await engine.respond({ ctx: CTX, conversation: greeting.conversation, text: 'A person!', tools });
    expect(tools).toHaveBeenCalledWith('transfer_to_staff', {});
    expect(turn).toMatchObject({ ended: false, reply: 'Nobody is available, but I can help.' });
    expect(turn.conversation.transferred).toBe(false);
  });

  it('answers an unknown tool without running anything', async () => {
    const { provider, seen } = scripted({ calls: [{ name: 'delete_menu' }] }, { content: 'Sorry.' });
    const { engine, greeting } = started(provider);
    const tools = toolRunner();
    await engine.respond({ ctx: CTX, conversation: greeting.conversation, text: 'Hi', tools });
    expect(tools).not.toHaveBeenCalled();
    expect(seen[1]!.at(-1)).toMatchObject({ role: 'tool', content: 'There is no tool named delete_menu.' });
  });

  it('keeps every request of a long call within the budget, the order in the prompt, and stores the history trimmed', async () => {
    const turns = 40;
    const { provider, seen } = scripted(
      ...Array.from({ length: turns }, (_, i): Reply[] =>
        i === 1
          ? [
              {
                calls: [
                  {
                    name: 'place_order',
                    arguments: JSON.stringify({
                      customer_name: 'Dana',
                      items: [{ name: 'Margherita Pizza', quantity: 2 }],
                    }),
                  },
                ],
              },
              { content: 'Your order is in, Dana.' },
            ]
          : [{ content: `Answer ${i + 1}: ${'Happy to help with that. '.repeat(30)}` }],
      ).flat(),
    );
    const { engine, greeting } = started(provider);
    const tools = toolRunner({
      place_order: { result: 'Order #12 is placed.', outcome: 'ordered', orderId: 'order-1', orderNumber: 12 },
    });
    let conversation: Conversation = greeting.conversation;
    for (let i = 1; i <= turns; i++) {
      const text = `Turn ${i}: ${'Tell me more about the pizza, please. '.repeat(15)}`;
      conversation = (await engine.respond({ ctx: CTX, conversation, text, tools })).conversation;
    }

    expect(seen).toHaveLength(turns + 1);
    const size = (messages: LlmMessage[]) => messages.reduce((sum, m) => sum + messageBytes(m), 0);
    for (const request of seen) expect(size(request)).toBeLessThanOrEqual(MODEL_HISTORY_BUDGET_BYTES);
    const last = seen.at(-1)!;
    expect(last[0]!.content).toContain(buildSystemPrompt(CTX, NOW));
    expect(last[0]!.content).toContain(
      '- The order has been placed (order #12, for Dana): 2 × Margherita Pizza; total $25.00. Do not place it again.',
    );
    // The turns that placed it are long gone from the request; the newest ones are there, in order.
    expect(JSON.stringify(last.slice(1))).not.toMatch(/"Turn 2: |"tool_calls"/);
    expect(last.at(-1)).toEqual({ role: 'user', content: expect.stringMatching(/^Turn 40: /) as string });
    expect(last.at(-2)).toEqual({ role: 'assistant', content: expect.stringMatching(/^Answer 39: /) as string });
    expect(last.at(-3)).toEqual({ role: 'user', content: expect.stringMatching(/^Turn 39: /) as string });
    // What is stored is bounded too: the trimmed history and the last turn.
    expect(size(conversation.messages)).toBeLessThan(2 * MODEL_HISTORY_BUDGET_BYTES);
    expect(conversation).toMatchObject({ orderId: 'order-1', orderNumber: 12, stage: 'placed', customerName: 'Dana' });
  });

  it('past the day’s requests after a tool ran, says what the tool answered and hands the call to the built-in assistant', async () => {
    const { provider, seen } = scripted(
      {
        calls: [
          {
            name: 'place_order',
            arguments: JSON.stringify({ customer_name: 'Sam', items: [{ name: 'Margherita Pizza', quantity: 1 }] }),
          },
        ],
      },
      new ModelRequestLimitError(2),
    );
    const { engine, greeting } = started(provider);
    const tools = toolRunner({
      place_order: { result: 'Order #7 is placed, Sam.', outcome: 'ordered', orderId: 'order-7', orderNumber: 7 },
    });
    const turn = await engine.respond({ ctx: CTX, conversation: greeting.conversation, text: 'Yes.', tools });
    expect(seen).toHaveLength(2);
    expect(turn).toMatchObject({ reply: 'Order #7 is placed, Sam.', ended: false, notice: modelLimitNotice(2) });
    expect(turn.conversation).toMatchObject({ engine: 'rules', stage: 'placed', orderId: 'order-7', orderNumber: 7 });
    expect(turn.conversation.lines).toEqual([
      { menuItemId: 'm1', name: 'Margherita Pizza', quantity: 1, notes: null, unitPriceCents: 1250 },
    ]);
  });

  it('past the day’s requests before any tool ran, throws for the built-in assistant to take the turn', async () => {
    const { provider } = scripted(new ModelRequestLimitError(2));
    const { engine, greeting } = started(provider);
    const tools = toolRunner();
    await expect(
      engine.respond({ ctx: CTX, conversation: greeting.conversation, text: 'Menu?', tools }),
    ).rejects.toBeInstanceOf(ModelRequestLimitError);
    expect(tools).not.toHaveBeenCalled();
  });

  it('throws when the model fails, leaving the conversation as it was', async () => {
    const { provider } = scripted({ calls: [{ name: 'get_menu' }] }, new Error('The language model answered 500'));
    const { engine, greeting } = started(provider);
    const before = structuredClone(greeting.conversation);
    await expect(
      engine.respond({ ctx: CTX, conversation: greeting.conversation, text: 'Menu?', tools: toolRunner() }),
    ).rejects.toThrow('answered 500');
    expect(greeting.conversation).toEqual(before);
  });
});
