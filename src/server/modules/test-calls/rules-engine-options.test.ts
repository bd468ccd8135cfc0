import { describe, expect, it } from 'vitest';
import type { CallContext } from '../voice/call-context';
import type { ToolAnswer, ToolName } from '../voice/tool-types';
import { draftOf, newConversation, type Conversation } from './engine-types';
import { rulesEngine } from './rules-engine';
import { callContext, menuEntry } from '../../../../tests/call-context';

const dish = menuEntry;

const BURRITO = dish('burrito', 'Carnitas Burrito', 1000, {
  options: [
    {
      name: 'Size',
      required: true,
      multiple: false,
      choices: [
        { name: 'Small', priceDeltaCents: 0 },
        { name: 'Large', priceDeltaCents: 300 },
      ],
    },
    {
      name: 'Extras',
      required: false,
      multiple: true,
      choices: [
        { name: 'Cheese', priceDeltaCents: 100 },
        { name: 'Guacamole', priceDeltaCents: 150 },
      ],
    },
  ],
});

function context(language: CallContext['language'] = 'en'): CallContext {
  return callContext({
    language,
    busyMessage: 'Busy.',
    menu: [BURRITO, dish('horchata', 'Horchata', 400)],
    allowCustomOrders: false,
  });
}

function call(language: CallContext['language'] = 'en') {
  const ctx = context(language);
  const toolCalls: { name: ToolName; args: Record<string, unknown> }[] = [];
  let conversation: Conversation = rulesEngine.greet(ctx, newConversation(language, 'rules')).conversation;
  const say = async (text: string) => {
    const turn = await rulesEngine.respond({
      ctx,
      conversation: { ...conversation, turn: conversation.turn + 1 },
      text,
      tools: (name, args) => {
        toolCalls.push({ name, args });
        const answer: ToolAnswer =
          name === 'place_order' ? { result: 'Your order is placed.', orderId: 'order-1' } : { result: `[${name}]` };
        return Promise.resolve(answer);
      },
    });
    conversation = turn.conversation;
    return turn.reply;
  };
  return {
    say,
    toolCalls,
    get lines() {
      return conversation.lines.map((l) => [l.name, l.quantity, l.unitPriceCents, l.options ?? [], l.notes]);
    },
    /** What the test-call page and its API show of the order so far. */
    get draft() {
      return draftOf(conversation);
    },
  };
}

describe('options in a test call (built-in assistant)', () => {
  it('asks for a required size, takes the answer, prices it and passes it to place_order', async () => {
    const c = call();
    expect(await c.say('two carnitas burritos please')).toBe(
      'Got it: 2 Carnitas Burrito. Which size would you like for the Carnitas Burrito: Small or Large +$3.00?',
    );
    expect(await c.say('large')).toBe('Got it: 2 Carnitas Burrito (Large). Anything else?');
    expect(c.lines).toEqual([
      ['Carnitas Burrito', 2, 1300, [{ group: 'Size', choice: 'Large', priceDeltaCents: 300 }], null],
    ]);
    expect(await c.say("that's all, my name is Dana")).toBe(
      "So that's 2 Carnitas Burrito (Large), for a total of $26.00. Shall I place the order?",
    );
    await c.say('yes');
    expect(c.toolCalls.find((t) => t.name === 'place_order')?.args).toMatchObject({
      items: [{ menu_item_id: 'burrito', quantity: 2, options: [{ group: 'Size', choice: 'Large' }] }],
    });
  });

  it('understands the size and extras said with the dish, and "no cheese" as a note', async () => {
    const c = call();
    expect(await c.say('a large carnitas burrito with extra guacamole')).toBe(
      'Got it: 1 Carnitas Burrito (Large, Guacamole). Anything else?',
    );
    expect(c.lines).toEqual([
      [
        'Carnitas Burrito',
        1,
        1450,
        [
          { group: 'Size', choice: 'Large', priceDeltaCents: 300 },
          { group: 'Extras', choice: 'Guacamole', priceDeltaCents: 150 },
        ],
        null,
      ],
    ]);

    const other = call();
    await other.say('a small carnitas burrito, no cheese');
    expect(other.lines).toEqual([
      ['Carnitas Burrito', 1, 1000, [{ group: 'Size', choice: 'Small', priceDeltaCents: 0 }], 'no cheese'],
    ]);
  });

  it('shows each line of the draft with its dish, options and exclusions apart', async () => {
    const c = call();
    await c.say('two large carnitas burritos with guacamole but no cheese and a horchata');
    expect(c.draft.lines).toEqual([
      {
        name: 'Carnitas Burrito (Large, Guacamole)',
        dish: 'Carnitas Burrito',
        quantity: 2,
        options: [
          { group: 'Size', choice: 'Large' },
          { group: 'Extras', choice: 'Guacamole' },
        ],
        exclusions: ['cheese'],
        notes: 'no cheese',
        unitPriceCents: 1450,
      },
      {
        name: 'Horchata',
        dish: 'Horchata',
        quantity: 1,
        options: [],
        exclusions: [],
        notes: null,
        unitPriceCents: 400,
      },
    ]);
    expect(c.draft.totalCents).toBe(3300);
  });

  it('asks again when the answer names no size, and before reading back an order still missing one', async () => {
    const c = call();
    await c.say('a carnitas burrito');
    const question = 'Which size would you like for the Carnitas Burrito: Small or Large +$3.00?';
    expect(await c.say('hmm, medium?')).toBe(question);
    // Moving on to something else is fine; the read-back still needs the size.
    expect(await c.say('and a horchata')).toMatch(/^Got it: 1 Horchata\./);
    expect(await c.say("that's all, my name is Dana")).toBe(question);
    expect(await c.say('small')).toBe('Got it: 1 Carnitas Burrito (Small). Anything else?');
    expect(await c.say('no')).toBe(
      "So that's 1 Carnitas Burrito (Small) and 1 Horchata, for a total of $14.00. Shall I place the order?",
    );
  });

  it('in another language, asks for the size and asks again when the answer is not understood', async () => {
    const c = call('es');
    const asked = await c.say('quiero un carnitas burrito');
    expect(asked).toContain('¿Qué size quiere para Carnitas Burrito: Small o Large +$3.00?');
    expect(await c.say('el mediano')).toBe('¿Qué size quiere para Carnitas Burrito: Small o Large +$3.00?');
    expect(c.toolCalls.filter((t) => t.name === 'place_order')).toEqual([]);
  });

  it('takes no extra the caller refuses in the next turn, with the negations of the call’s language', async () => {
    for (const [language, first, then] of [
      ['en', 'a large carnitas burrito', 'hold the cheese'],
      ['es', 'un carnitas burrito large', 'sin guacamole por favor'],
      ['fr', 'un carnitas burrito large', 'sans guacamole'],
    ] as const) {
      const c = call(language);
      await c.say(first);
      await c.say(then);
      const [line] = c.lines;
      expect(line?.[3], `${language}: ${then}`).toEqual([{ group: 'Size', choice: 'Large', priceDeltaCents: 300 }]);
      expect(line?.[4], `${language}: ${then}`).toMatch(/cheese|guacamole/);
    }
  });
});
