import { afterAll, describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../../http/creation-limit';
import { HttpError } from '../../http/errors';
import { createLogger } from '../../logger';
import { alwaysOpenContext } from './corpus/score';
import { newConversation } from './engine-types';
import { closeTurnThreads, respondOffThread, TURN_TOO_LONG, TURNS_BUSY } from './turn-runner';
import type { ToolRunner } from './engine-types';
import { menuEntry } from '../../../../tests/call-context';

const logger = createLogger('silent');

const dish = menuEntry;

const MENU = [dish('pad-thai', 'Pad Thai', 1300), dish('thai-tea', 'Thai Tea', 450)];
const noTools: ToolRunner = () => Promise.reject(new Error('no tool expected'));

/** A call at its read-back: the caller's "yes" places the order (the place_order tool). */
const confirming = () => ({
  ...newConversation('en', 'rules'),
  stage: 'confirming' as const,
  awaiting: 'confirmation' as const,
  customerName: 'Dana',
  lines: [{ menuItemId: 'pad-thai', name: 'Pad Thai', quantity: 2, notes: null, unitPriceCents: 1300 }],
});

afterAll(() => closeTurnThreads());

describe('a test-call turn on a worker thread', () => {
  it('answers as the built-in assistant does, with the menu it was given', async () => {
    const ctx = alwaysOpenContext('turn-runner-1', 'en', MENU);
    const turn = await respondOffThread(
      { ctx, conversation: newConversation('en', 'rules'), text: 'two pad thai and a thai tea', tools: noTools },
      { logger },
    );
    expect(turn.reply).toBe('Got it: 2 Pad Thai and 1 Thai Tea. Anything else?');
    expect(turn.conversation.lines.map((l) => [l.menuItemId, l.quantity])).toEqual([
      ['pad-thai', 2],
      ['thai-tea', 1],
    ]);
  });

  it('takes the new menu when its version changes', async () => {
    const first = alwaysOpenContext('turn-runner-2', 'en', MENU);
    await respondOffThread(
      { ctx: first, conversation: newConversation('en', 'rules'), text: 'one pad thai', tools: noTools },
      { logger },
    );
    const renamed = { ...first, menu: [dish('pad-thai', 'Pad See Ew', 1300)], menuVersion: 'renamed' };
    const turn = await respondOffThread(
      { ctx: renamed, conversation: newConversation('en', 'rules'), text: 'one pad see ew', tools: noTools },
      { logger },
    );
    expect(turn.reply).toBe('Got it: 1 Pad See Ew. Anything else?');
  });

  it("runs the assistant's tools on the calling thread, and a tool's refusal is the turn's", async () => {
    const ctx = alwaysOpenContext('turn-runner-3', 'en', MENU);
    const asked: string[] = [];
    const refusing: ToolRunner = (name) => {
      asked.push(name);
      return Promise.reject(new TooManyRequestsError('You have created 30 test orders in the last minute.', 40));
    };
    const conversation = confirming();
    const refused = respondOffThread({ ctx, conversation, text: 'yes please', tools: refusing }, { logger });
    await expect(refused).rejects.toBeInstanceOf(TooManyRequestsError);
    expect(asked).toEqual(['place_order']);
  });

  it('stops a turn past its time budget, and the next turn is answered', async () => {
    const ctx = alwaysOpenContext('turn-runner-4', 'en', MENU);
    const slowTools: ToolRunner = () => new Promise(() => undefined);
    const conversation = confirming();
    const stopped = respondOffThread({ ctx, conversation, text: 'yes', tools: slowTools }, { logger, budgetMs: 200 });
    await expect(stopped).rejects.toEqual(new HttpError(422, TURN_TOO_LONG));
    const turn = await respondOffThread(
      { ctx, conversation: newConversation('en', 'rules'), text: 'one thai tea', tools: noTools },
      { logger },
    );
    expect(turn.reply).toBe('Got it: 1 Thai Tea. Anything else?');
  });

  it('refuses turns past the waiting line with 429, before they take a thread, and answers the rest', async () => {
    const ctx = alwaysOpenContext('turn-runner-5', 'en', MENU);
    // Every turn places an order and waits for its tool; none can finish until the tool answers.
    let answer: (value: { result: string; orderId: string }) => void = () => undefined;
    const held = new Promise<{ result: string; orderId: string }>((resolve) => (answer = resolve));
    const heldTools: ToolRunner = () => held;
    const turns = Array.from({ length: 40 }, () =>
      respondOffThread({ ctx, conversation: confirming(), text: 'yes', tools: heldTools }, { logger }).then(
        () => 'answered',
        (error: unknown) => (error instanceof TooManyRequestsError ? error.message : String(error)),
      ),
    );
    answer({ result: 'Your order is placed.', orderId: 'order-1' });
    const outcomes = await Promise.all(turns);
    const refused = outcomes.filter((o) => o === TURNS_BUSY).length;
    const answered = outcomes.filter((o) => o === 'answered').length;
    expect(refused + answered).toBe(40);
    expect(refused).toBeGreaterThan(0);
    // At least the waiting line (16) got in, besides the turns already on a thread.
    expect(answered).toBeGreaterThanOrEqual(16);
  });
});
