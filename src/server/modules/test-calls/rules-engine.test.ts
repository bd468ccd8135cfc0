import { describe, expect, it } from 'vitest';
import type { Language } from '@shared/domain/languages';
import type { CallContext, MenuEntry } from '../voice/call-context';
import type { ToolAnswer, ToolName } from '../voice/tool-types';
import { newConversation, type Conversation } from './engine-types';
import { rulesEngine } from './rules-engine';
import { callContext, menuEntry, OPEN_ALL_WEEK } from '../../../../tests/call-context';

const dish = menuEntry;

const MENU: MenuEntry[] = [
  dish('pizza', 'Margherita Pizza', 1250, { aliases: ['pizza margarita'] }),
  dish('pepperoni', 'Pepperoni Pizza', 1300),
  dish('carnitas', 'Carnitas Burrito', 1100),
  dish('chicken-burrito', 'Chicken Burrito', 1050),
  dish('horchata', 'Horchata', 410),
  dish('churros', 'Churros', 500, { isAvailable: false }),
  dish('soup', 'Chicken Soup', 700, { description: 'Homemade broth with noodles' }),
  dish('burger', 'Chicken Burger', 950),
  dish('fries', 'French Fries', 350),
  dish('kungpao', '宫保鸡丁', 1400, { aliases: ['Kung Pao Chicken'] }),
];

function context(overrides: Partial<CallContext> = {}): CallContext {
  return callContext({ menu: MENU, forwardingPhone: '+14155550199', ...overrides });
}

/** A call with fake tools: each tool's answer can be set, and every call to them is recorded. */
function call(ctxOverrides: Partial<CallContext> = {}, answers: Partial<Record<ToolName, ToolAnswer>> = {}) {
  const ctx = context(ctxOverrides);
  const toolCalls: { name: ToolName; args: Record<string, unknown> }[] = [];
  const greeting = rulesEngine.greet(ctx, newConversation(ctx.language, 'rules'));
  let conversation: Conversation = greeting.conversation;
  let ended = greeting.ended;
  const say = async (text: string) => {
    const turn = await rulesEngine.respond({
      ctx,
      conversation: { ...conversation, turn: conversation.turn + 1 },
      text,
      tools: (name, args) => {
        toolCalls.push({ name, args });
        return Promise.resolve(
          answers[name] ??
            (name === 'place_order'
              ? { result: 'Your order is placed.', orderId: 'order-1' }
              : { result: `[${name}]` }),
        );
      },
    });
    expect(turn.reply).not.toContain('\n');
    conversation = turn.conversation;
    ended = turn.ended;
    return turn.reply;
  };
  return {
    greeting: greeting.reply,
    say,
    toolCalls,
    get conversation() {
      return conversation;
    },
    get ended() {
      return ended;
    },
  };
}

const lines = (conversation: Conversation) => conversation.lines.map((l) => [l.name, l.quantity, l.notes]);

describe('the greeting', () => {
  it("is the restaurant's own greeting and the recording notice", () => {
    expect(call().greeting).toBe('Welcome to Casa Lupe! This call may be recorded.');
  });

  it("is a built-in one naming the restaurant when the greeting is not in the call's language", () => {
    expect(call({ language: 'es' }).greeting).toBe(
      '¡Gracias por llamar a Casa Lupe! ¿Qué le puedo ofrecer hoy? Esta llamada puede ser grabada.',
    );
    expect(call({ language: 'fr' }).greeting).toMatch(/^Merci d'avoir appelé Casa Lupe !/);
    expect(call({ language: 'zh' }).greeting).toMatch(/^您好，欢迎致电Casa Lupe！/);
    expect(call({ language: 'es', greeting: '¡Hola, bienvenidos a Casa Lupe!' }).greeting).toMatch(
      /^¡Hola, bienvenidos a Casa Lupe!/,
    );
  });

  it('is the busy message in busy mode, as on the phone', () => {
    expect(call({ isBusyMode: true }).greeting).toBe('We are slammed, call back soon. This call may be recorded.');
  });
});

describe('taking an order', () => {
  it('adds, reads back with the total, asks for the name and places the order through place_order', async () => {
    const c = call();
    expect(await c.say("I'd like two margherita pizzas and a horchata")).toBe(
      'Got it: 2 Margherita Pizza and 1 Horchata. Anything else?',
    );
    expect(await c.say("that's all")).toBe('Can I have a name for the order?');
    expect(await c.say('Dana')).toBe(
      "So that's 2 Margherita Pizza and 1 Horchata, for a total of $29.10. Shall I place the order?",
    );
    expect(c.toolCalls).toEqual([]);
    expect(await c.say('yes')).toBe('Your order is placed.');
    expect(c.toolCalls).toEqual([
      {
        name: 'place_order',
        args: {
          customer_name: 'Dana',
          items: [
            { menu_item_id: 'pizza', name: 'Margherita Pizza', quantity: 2, notes: null },
            { menu_item_id: 'horchata', name: 'Horchata', quantity: 1, notes: null },
          ],
        },
      },
    ]);
    expect(c.conversation).toMatchObject({ stage: 'placed', orderId: 'order-1' });
    expect(await c.say('bye')).toBe('Thank you for calling Casa Lupe. Goodbye!');
    expect(c.ended).toBe(true);
  });

  it('keeps the number place_order gave the order and says it again when thanked', async () => {
    const c = call(
      {},
      { place_order: { result: 'Placed: your order number is 12.', orderId: 'order-1', orderNumber: 12 } },
    );
    await c.say('two horchatas');
    await c.say("that's all");
    await c.say('Dana');
    expect(await c.say('yes')).toBe('Placed: your order number is 12.');
    expect(c.conversation).toMatchObject({ stage: 'placed', orderId: 'order-1', orderNumber: 12 });
    expect(await c.say('thank you')).toBe('Your order, number 12, is placed. Is there anything else I can help with?');
  });

  it('changes, removes and notes items, and takes a bare quantity for "how many?"', async () => {
    const c = call();
    await c.say('three fish tacos'); // not on this menu
    await c.say('three carnitas burritos, no onions');
    expect(await c.say('actually make that two')).toBe('Got it: 2 Carnitas Burrito (no onions). Anything else?');
    expect(await c.say('I want the chicken soup')).toBe(
      'Got it: 1 Chicken Soup. How many Chicken Soup would you like?',
    );
    await c.say('four');
    await c.say('and a horchata, extra ice');
    expect(await c.say('remove the horchata')).toBe('I removed Horchata. Anything else?');
    expect(lines(c.conversation)).toEqual([
      ['Carnitas Burrito', 2, 'no onions'],
      ['Chicken Soup', 4, null],
    ]);
    await c.say('make it 3');
    expect(lines(c.conversation)).toContainEqual(['Chicken Soup', 3, null]);
  });

  it('asks which one when a name fits several dishes, and takes the answer', async () => {
    const c = call();
    expect(await c.say('two burritos')).toBe('Which one would you like: Carnitas Burrito or Chicken Burrito?');
    await c.say('the chicken one');
    expect(lines(c.conversation)).toEqual([['Chicken Burrito', 2, null]]);
  });

  it('keeps an allergy in the notes, so the executor flags the order', async () => {
    const c = call();
    await c.say("I'm allergic to peanuts");
    await c.say('one chicken burger');
    await c.say("that's all, my name is Jo");
    await c.say('yes');
    expect(c.toolCalls[0]!.args.items).toEqual([
      { menu_item_id: 'burger', name: 'Chicken Burger', quantity: 1, notes: 'allergic to peanuts' },
    ]);
  });

  it('says a sold-out item is sold out, with alternatives, and does not add it', async () => {
    const c = call();
    expect(await c.say('two churros')).toMatch(/^Sorry, Churros is sold out today\. You could try /);
    expect(c.conversation.lines).toEqual([]);
  });

  it('refuses an absurd quantity before anything is placed, then takes the answer', async () => {
    const c = call();
    expect(await c.say('500 horchatas')).toBe(
      'I can take at most 20 Horchata in one phone order. How many would you like?',
    );
    expect(c.conversation.lines).toEqual([]);
    await c.say('5');
    expect(lines(c.conversation)).toEqual([['Horchata', 5, null]]);
  });

  it('answers price, menu, hours and order-status questions, through the tools where they exist', async () => {
    const c = call();
    expect(await c.say('how much is the carnitas burrito?')).toBe('The Carnitas Burrito is $11.00.');
    expect(await c.say('is the chicken soup spicy?')).toBe('The Chicken Soup is $7.00. Homemade broth with noodles.');
    expect(await c.say('what do you have?')).toBe('[get_menu]');
    expect(await c.say('when do you close?')).toBe('[check_hours]');
    expect(await c.say('where is my order?')).toBe('[get_order_status]');
    expect(c.toolCalls.map((t) => t.name)).toEqual(['get_menu', 'check_hours', 'get_order_status']);
    expect(c.conversation.lines).toEqual([]);
  });

  it('asks what to change on "no" at the read-back', async () => {
    const c = call();
    await c.say('a horchata');
    await c.say("that's it");
    await c.say('Sam');
    expect(await c.say('no')).toBe('Sure, what would you like to change?');
    expect(c.conversation.stage).toBe('ordering');
    expect(c.toolCalls).toEqual([]);
  });

  it('lets the caller say yes again when placing failed on our side', async () => {
    const c = call({}, { place_order: { result: 'Something went wrong.', isError: true } });
    await c.say('a horchata');
    await c.say("that's all, my name is Sam");
    expect(await c.say('yes')).toBe('Something went wrong.');
    expect(c.conversation).toMatchObject({ stage: 'confirming', awaiting: 'confirmation', orderId: null });
  });
});

describe('refusals', () => {
  it.each<[string, Partial<CallContext>, RegExp]>([
    ['closed', { hours: OPEN_ALL_WEEK.map((h) => ({ ...h, isClosed: true })) }, /^Sorry, we are closed right now/],
    ['busy', { isBusyMode: true }, /^We are slammed, call back soon\.$/],
    ['expired', { canTakeOrders: false }, /^I am sorry, we cannot take phone orders at the moment/],
  ])('%s: said up front when the caller starts ordering, with no tool called', async (_, overrides, refusal) => {
    const c = call(overrides);
    expect(await c.say('two horchatas please')).toMatch(refusal);
    expect(c.conversation.lines).toEqual([]);
    expect(c.toolCalls).toEqual([]);
  });

  it("says place_order's own refusal when it refuses", async () => {
    const c = call({}, { place_order: { result: 'We are slammed, call back soon.', outcome: 'busy' } });
    await c.say('a horchata');
    await c.say("that's all, my name is Sam");
    expect(await c.say('yes')).toBe('We are slammed, call back soon.');
    expect(c.conversation).toMatchObject({ stage: 'ordering', orderId: null });
  });

  it('declines a custom order when the restaurant takes none, and takes one when it does', async () => {
    const declined = call({ allowCustomOrders: false });
    expect(await declined.say('I want a custom order: a wedding cake')).toBe(
      'I am sorry, we can only take orders for items on our menu.',
    );
    expect(declined.conversation.customText).toBeNull();

    const taken = call();
    expect(await taken.say('I want a custom order: a wedding cake for 100')).toBe(
      'I noted a custom order: a wedding cake for 100. Anything else?',
    );
    await taken.say("that's all, my name is Kim");
    await taken.say('yes');
    expect(taken.toolCalls[0]!.args).toEqual({
      customer_name: 'Kim',
      items: [],
      custom_order_text: 'a wedding cake for 100',
    });
  });

  it('offers an unknown long request as a custom order, and drops it on "no"', async () => {
    const c = call();
    expect(await c.say('could you make a vegan lasagna for eight people')).toBe(
      'I could not find that on our menu. Shall I take "a vegan lasagna for eight people" as a custom order?',
    );
    expect(await c.say('no')).toBe('No problem. What would you like from the menu?');
    expect(c.conversation.customText).toBeNull();
  });
});

describe('transfers', () => {
  it('transfers through transfer_to_staff and ends the call', async () => {
    const c = call({}, { transfer_to_staff: { result: 'Transferring you.', transferTo: '+14155550199' } });
    expect(await c.say('can I talk to a manager?')).toBe('Transferring you.');
    expect(c.conversation.transferred).toBe(true);
    expect(c.ended).toBe(true);
  });

  it('keeps helping when nobody can take the call', async () => {
    const c = call({}, { transfer_to_staff: { result: 'Nobody is available.' } });
    expect(await c.say('talk to a person')).toBe('Nobody is available.');
    expect(c.conversation.transferred).toBe(false);
    expect(c.ended).toBe(false);
  });
});

describe('other languages', () => {
  const order = async (language: Language, turns: string[]) => {
    const c = call({ language });
    for (const text of turns) await c.say(text);
    return c;
  };

  it('Spanish: "dos burritos de pollo sin cebolla" is 2 Chicken Burrito with the note', async () => {
    const c = await order('es', [
      'dos burritos de pollo sin cebolla y una horchata',
      'eso es todo',
      'me llamo Ana',
      'sí',
    ]);
    expect(c.toolCalls[0]!.args).toEqual({
      customer_name: 'Ana',
      items: [
        { menu_item_id: 'chicken-burrito', name: 'Chicken Burrito', quantity: 2, notes: 'sin cebolla' },
        { menu_item_id: 'horchata', name: 'Horchata', quantity: 1, notes: null },
      ],
    });
  });

  it('French: "deux burgers au poulet sans oignons", then "mettez-en trois"', async () => {
    const c = await order('fr', ['deux burgers au poulet sans oignons', 'finalement, mettez-en trois']);
    expect(lines(c.conversation)).toEqual([['Chicken Burger', 3, 'sans oignons']]);
  });

  it('Chinese: segments without spaces, with measure words, glossary words and a note', async () => {
    const c = await order('zh', ['我要两个鸡肉汉堡和三份薯条，不要葱', '再来一份宫保鸡丁', '就这些', '我叫王伟', '对']);
    expect(c.toolCalls[0]!.args).toEqual({
      customer_name: '王伟',
      items: [
        { menu_item_id: 'burger', name: 'Chicken Burger', quantity: 2, notes: null },
        { menu_item_id: 'fries', name: 'French Fries', quantity: 3, notes: '不要葱' },
        { menu_item_id: 'kungpao', name: '宫保鸡丁', quantity: 1, notes: null },
      ],
    });
  });

  it.each<[Language, string]>([
    ['es', 'adiós'],
    ['fr', 'au revoir'],
    ['zh', '再见'],
  ])('%s: "%s" ends the call', async (language, goodbye) => {
    const c = await order(language, [goodbye]);
    expect(c.ended).toBe(true);
    expect(c.conversation.stage).toBe('ended');
  });

  it.each<[Language, string]>([
    ['es', 'quiero hablar con alguien'],
    ['fr', "je voudrais parler à quelqu'un"],
    ['zh', '转人工'],
  ])('%s: "%s" asks for a transfer', async (language, text) => {
    const c = await order(language, [text]);
    expect(c.toolCalls.map((t) => t.name)).toEqual(['transfer_to_staff']);
  });
});
