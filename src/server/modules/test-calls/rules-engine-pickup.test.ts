import { describe, expect, it } from 'vitest';
import type { CallContext, MenuEntry } from '../voice/call-context';
import type { ToolName } from '../voice/tool-types';
import { newConversation, type Conversation } from './engine-types';
import { rulesEngine } from './rules-engine';
import { callContext, menuEntry, OPEN_ALL_WEEK } from '../../../../tests/call-context';

// Friday 27 November 2026, 17:00 at the restaurant (UTC); the dishes take 10 minutes.
const NOW = new Date('2026-11-27T17:00:00Z');
const MENU: MenuEntry[] = [menuEntry('pizza', 'Margherita Pizza', 1250), menuEntry('horchata', 'Horchata', 410)];

function context(overrides: Partial<CallContext> = {}): CallContext {
  const hours = OPEN_ALL_WEEK.map((day) => ({ ...day, openTime: '11:00:00', closeTime: '22:00:00' }));
  return callContext({ hours, menu: MENU, ...overrides });
}

/** A test call with fake tools, every turn at NOW. */
function call(overrides: Partial<CallContext> = {}) {
  const ctx = context(overrides);
  const toolCalls: { name: ToolName; args: Record<string, unknown> }[] = [];
  let conversation: Conversation = rulesEngine.greet(ctx, newConversation(ctx.language, 'rules')).conversation;
  const say = async (text: string) => {
    const turn = await rulesEngine.respond({
      ctx,
      conversation: { ...conversation, turn: conversation.turn + 1 },
      text,
      now: NOW,
      tools: (name, args) => {
        toolCalls.push({ name, args });
        return Promise.resolve(
          name === 'place_order' ? { result: 'Your order is placed.', orderId: 'order-1' } : { result: `[${name}]` },
        );
      },
    });
    conversation = turn.conversation;
    return turn.reply;
  };
  return { say, toolCalls, conversation: () => conversation };
}

describe('a later pickup time on a test call', () => {
  it('takes "at 7 pm" down with the order, reads it back, and hands it to place_order', async () => {
    const c = call();
    expect(await c.say('Two horchatas for pickup at 7 pm please')).toBe(
      'For pickup today at 7:00 PM. Got it: 2 Horchata. Anything else?',
    );
    expect(await c.say("that's all")).toBe('Can I have a name for the order?');
    expect(await c.say('Dana')).toBe(
      "For pickup today at 7:00 PM. So that's 2 Horchata, for a total of $8.20. Shall I place the order?",
    );
    await c.say('yes');
    expect(c.toolCalls).toEqual([
      {
        name: 'place_order',
        args: expect.objectContaining({ pickup_time: '2026-11-27T19:00:00.000Z' }) as unknown,
      },
    ]);
  });

  it('asks what to order when the time comes first', async () => {
    const c = call();
    expect(await c.say('Can I pick it up in an hour?')).toBe(
      'For pickup today at 6:00 PM. What would you like to order?',
    );
    expect(c.conversation().pickupTime).toBe('2026-11-27T18:00:00.000Z');
  });

  it('refuses a time the kitchen cannot keep, naming the one it can, and keeps the order going', async () => {
    const c = call();
    await c.say('a margherita pizza');
    expect(await c.say('at 5:05 pm')).toBe(
      'The earliest we can have your order ready is today at 5:10 PM. Anything else?',
    );
    expect(await c.say('at 11 pm')).toBe(
      'We are closed at that time. The next pickup time we can offer is tomorrow at 11:10 AM. Anything else?',
    );
    expect(c.conversation().pickupTime).toBeUndefined();
  });

  it('hears the time in Spanish, French and Chinese', async () => {
    expect(await call({ language: 'es' }).say('en una hora')).toBe(
      'Para recoger hoy a las 6:00 p.m. ¿Qué le gustaría pedir?',
    );
    expect(await call({ language: 'fr' }).say('pour 19 h 30')).toMatch(/^À retirer aujourd'hui à 19:30\./);
    expect(await call({ language: 'zh' }).say('晚上7点取')).toBe('取餐时间：今天19:00。请问您想点什么？');
  });

  it('answers "how long?" from the kitchen’s queue', async () => {
    const waiting = Array.from({ length: 5 }, () => ({ status: 'new' as const, prepMinutes: 15, callId: null }));
    const c = call({ kitchen: { capacity: 3, orders: waiting, busyDelayMinutes: 10 } });
    // Five ahead on three places: one round of 15 minutes, then the 10-minute dish, then busy mode's 10.
    expect(await c.say('How long will it take?')).toBe('It should be ready about 35 minutes after you order.');
  });
});
