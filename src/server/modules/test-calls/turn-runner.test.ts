import { afterAll, describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../../http/creation-limit';
import { HttpError } from '../../http/errors';
import { createLogger } from '../../logger';
import { alwaysOpenContext } from './corpus/score';
import { newConversation } from './engine-types';
import { closeTurnThreads, respondOffThread, TURN_TOO_LONG } from './turn-runner';
import type { ToolRunner } from './engine-types';
import type { MenuEntry } from '../voice/call-context';

const logger = createLogger('silent');

const dish = (id: string, name: string, priceCents: number): MenuEntry => ({
  id,
  name,
  aliases: [],
  description: null,
  priceCents,
  preparationTime: 10,
  isAvailable: true,
  categoryId: null,
  options: [],
});

const MENU = [dish('pad-thai', 'Pad Thai', 1300), dish('thai-tea', 'Thai Tea', 450)];
const noTools: ToolRunner = () => Promise.reject(new Error('no tool expected'));

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
    const conversation = {
      ...newConversation('en', 'rules'),
      stage: 'confirming' as const,
      awaiting: 'confirmation' as const,
      customerName: 'Dana',
      lines: [{ menuItemId: 'pad-thai', name: 'Pad Thai', quantity: 2, notes: null, unitPriceCents: 1300 }],
    };
    const refused = respondOffThread({ ctx, conversation, text: 'yes please', tools: refusing }, { logger });
    await expect(refused).rejects.toBeInstanceOf(TooManyRequestsError);
    expect(asked).toEqual(['place_order']);
  });

  it('stops a turn past its time budget, and the next turn is answered', async () => {
    const ctx = alwaysOpenContext('turn-runner-4', 'en', MENU);
    const slowTools: ToolRunner = () => new Promise(() => undefined);
    const conversation = {
      ...newConversation('en', 'rules'),
      stage: 'confirming' as const,
      awaiting: 'confirmation' as const,
      customerName: 'Dana',
      lines: [{ menuItemId: 'pad-thai', name: 'Pad Thai', quantity: 2, notes: null, unitPriceCents: 1300 }],
    };
    const stopped = respondOffThread({ ctx, conversation, text: 'yes', tools: slowTools }, { logger, budgetMs: 200 });
    await expect(stopped).rejects.toEqual(new HttpError(422, TURN_TOO_LONG));
    const turn = await respondOffThread(
      { ctx, conversation: newConversation('en', 'rules'), text: 'one thai tea', tools: noTools },
      { logger },
    );
    expect(turn.reply).toBe('Got it: 1 Thai Tea. Anything else?');
  });
});
