import { formatCents, multiplyCents } from '@shared/domain/money';
import {
  maxChoicesOf,
  nameWithOptions,
  orderTotal,
  unitPriceWithOptions,
  type ChosenOption,
  type MenuOptionGroup,
} from '@shared/domain/menu-options';
import type { MenuLexicon } from '../ordering/lexicon';
import { parseOrder, type ParsedItem, type ParsedOrder } from '../ordering/parse-order';
import { wordsOf as nameWords } from '../ordering/text';
import { kitchenOf, type CallContext, type MenuEntry } from '../voice/call-context';
import { quotePickup } from '@shared/domain/pickup-quote';
import { orderRefusal } from '../voice/order-taking';
import { decidePickup, prepMinutesOf } from '../voice/pickup';
import { readPickupRequest, resolvePickupRequest } from '../pickup-time/pickup-request';
import { speakPickup } from '../pickup-time/spoken-pickup';
import { editDistance, matchDish, normalizeDishName } from '../voice/menu-match';
import { PHRASES, tidyStops, type Phrases } from '../language/speech';
import type { ToolName } from '../voice/tool-types';
import type { Conversation, ConversationEngine, DraftLine, EngineTurn, ToolRunner } from './engine-types';
import { mentionsAllergy } from '../voice/review';
import { detectLanguage, menuLexicon, PACKS, type LanguagePack } from '../language';
import {
  analyse,
  namesWithNumbers,
  resolveDish,
  type DishRef,
  type ItemAction,
  type Resolution,
  type Utterance,
} from './utterance';

/**
 * The built-in assistant: a deterministic conversation in English, Spanish, French or Chinese, with no outside
 * service. It reads each turn (utterance.ts), keeps the draft order in the conversation, and does everything that
 * touches the restaurant through the same tools as the phone assistant (the tool executor); what a tool answers is
 * what the caller hears.
 */

/** What the rules engine remembers between turns besides the shared conversation fields. */
interface RulesMemory {
  /** The item the caller talked about last: a note or "make it two" applies to it. */
  lastItemId: string | null;
  /** A note said before any item ("I have a peanut allergy"), for the next item added. */
  pendingNote: string | null;
  /** An unknown request offered as a custom order, waiting for yes or no. */
  pendingCustom: string | null;
  /** The caller asked for a custom order without saying what: their next words are its text. */
  awaitingCustomText: boolean;
  /** The dishes offered by "which one would you like?", and the quantity said with the question's dish. */
  choices: string[] | null;
  choiceQuantity: number | null;
  /** The required option just asked for ("Which size …?"): its dish, group, and line (the same dish may be on several). */
  awaitingOption?: { itemId: string; group: string; line?: number } | null;
  /** The line talked about last: a correction ("make that a large") changes it. */
  lastLine?: number | null;
}

type RulesConversation = Conversation & { rules?: RulesMemory };

const EMPTY_MEMORY: RulesMemory = {
  lastItemId: null,
  pendingNote: null,
  pendingCustom: null,
  awaitingCustomText: false,
  choices: null,
  choiceQuantity: null,
  awaitingOption: null,
  lastLine: null,
};

interface Session {
  ctx: CallContext;
  pack: LanguagePack;
  phrases: Phrases;
  c: RulesConversation;
  mem: RulesMemory;
  tools: ToolRunner;
  /** The turn's moment: whether the restaurant is open is judged at it. */
  now: Date;
  ended: boolean;
  /** Last turn's "which one?" options, for this turn only. */
  choices: { ids: string[]; quantity: number | null } | null;
  /** This turn's words without the dishes named in them, where option choices ("large") are looked for. */
  said: string;
  /** The menu's lexicon, looked up once a turn. */
  lexicon?: MenuLexicon;
  /** What was read of each text this turn: the confirmation step and the ordering step read the same words. */
  readings?: Map<string, ParsedOrder>;
}

type Event =
  | { kind: 'changed'; id: string }
  | { kind: 'askQuantity'; id: string }
  | { kind: 'removed'; name: string }
  | { kind: 'notInOrder'; name: string }
  | { kind: 'pendingNote'; note: string }
  | { kind: 'problem'; text: string; asksQuantityOf?: string; question: boolean };

const withMemory = (conversation: Conversation, rules: RulesMemory): RulesConversation => ({ ...conversation, rules });

/** Sentences one after another: with a space, except in Chinese. */
const sentences = (s: Session, parts: readonly string[]) => parts.join(s.pack.spaced ? ' ' : '');

const singleLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export const rulesEngine: ConversationEngine = {
  name: 'rules',

  /**
   * What the phone assistant says first (voice/assistant.ts firstMessage): the restaurant's greeting, or its busy
   * message in busy mode, then the recording notice. A greeting written in another language than the call's is
   * replaced by a built-in one naming the restaurant.
   */
  greet(ctx, conversation) {
    const language = conversation.language;
    const pack = PACKS[language] ?? PACKS.en;
    const own = singleLine(ctx.greeting);
    const detected = own ? detectLanguage(own) : null;
    const ownFits =
      own !== '' &&
      (detected === language || (detected === null && (language === 'zh') === /\p{Script=Han}/u.test(own)));
    const opening = ctx.isBusyMode
      ? singleLine(ctx.busyMessage)
      : ownFits
        ? own
        : pack.say.greeting(ctx.restaurantName);
    return {
      reply: `${opening} ${(PACKS[language] ?? PACKS.en).call.recordingNotice}`,
      conversation: withMemory(conversation, { ...EMPTY_MEMORY }),
      ended: false,
    };
  },

  async respond({ ctx, conversation, text, tools, now = new Date() }): Promise<EngineTurn> {
    const stored = conversation as RulesConversation;
    const session: Session = {
      ctx,
      pack: PACKS[conversation.language] ?? PACKS.en,
      phrases: PHRASES[conversation.language] ?? PHRASES.en,
      c: { ...stored, lines: stored.lines.map((l) => ({ ...l })) },
      mem: { ...EMPTY_MEMORY, ...stored.rules },
      tools,
      now,
      ended: false,
      choices: null,
      said: '',
    };
    const { choices, choiceQuantity } = session.mem;
    if (choices) session.choices = { ids: choices, quantity: choiceQuantity };
    session.mem.choices = null;
    session.mem.choiceQuantity = null;
    const reply = singleLine(await converseWithPickupTime(session, text));
    const { c, mem } = session;
    if (c.awaiting !== 'quantity') c.pendingItemId = null;
    const next: RulesConversation = { ...c, rules: mem };
    return { reply, conversation: next, ended: session.ended };
  },
};

async function converse(s: Session, text: string): Promise<string> {
  const { c, mem, pack, ctx } = s;
  const say = pack.say;
  if (c.stage === 'ended') return end(s, say.goodbye(ctx.restaurantName));
  const u = analyse(text, pack, ctx.menu, {
    awaitingName: c.awaiting === 'name',
    resolve: (dish) => resolveOnMenu(s, dish),
    numberNames: numberNames(s),
  });

  if (u.transfer) return transfer(s);
  s.said = u.dishes.reduce((rest, dish) => rest.replace(dish.text, ' '), text);

  // Answers to the assistant's last question.
  if (mem.awaitingOption) {
    const answer = answerOption(s, u);
    if (answer !== null) return answer;
  }
  if (mem.awaitingCustomText) {
    mem.awaitingCustomText = false;
    if (!u.no && !u.goodbye && !u.done && u.content) return addCustom(s, u.content);
  }
  if (mem.pendingCustom) {
    const pending = mem.pendingCustom;
    mem.pendingCustom = null;
    if (u.yes && u.actions.length === 0) return addCustom(s, pending);
    if (u.no && u.actions.length === 0 && !u.done) {
      c.awaiting = null;
      return say.customDropped;
    }
  }
  if (c.stage === 'confirming') {
    const answer = await confirming(s, u, text);
    if (answer !== null) return answer;
  }
  if (c.awaiting === 'name') {
    const name = u.name ?? (nothingElseSaid(u) ? u.bareName : null);
    if (name) {
      c.customerName = name;
      if (u.actions.length === 0 && (c.lines.length > 0 || c.customText)) return readBack(s);
    }
  } else if (u.name) {
    c.customerName = u.name;
  }

  const intent = REQUESTS.find((r) => r.when(s, u));
  if (intent) return intent.answer(s, u);

  const parsed = readOrder(s, text);
  if (takesParsed(s, parsed, u)) {
    const result = applyParsed(s, parsed, u);
    if (result.refused || result.problem || !u.done) return result.reply;
    return finish(s);
  }

  const actions = [...u.actions];
  if (actions.length === 0 && u.yes && c.awaiting === 'quantity' && c.pendingItemId) {
    actions.push({ kind: 'set', dish: null, quantity: lineOf(s, c.pendingItemId)?.quantity ?? 1, bare: true });
  }
  if (actions.length > 0) {
    const result = applyItems(s, actions, { exact: false });
    if (result.refused || result.problem || !u.done) return result.reply;
  }

  if (u.done || (u.no && c.awaiting === 'anything_else')) return finish(s);
  if (u.goodbye) return end(s, goodbye(s));
  if (u.yes && c.awaiting === 'anything_else') {
    c.awaiting = null;
    return say.whatElse;
  }
  if (u.name) {
    c.awaiting = c.lines.length > 0 ? 'anything_else' : null;
    return sentences(s, [say.thanksName(u.name), c.lines.length > 0 ? say.anythingElse : s.phrases.nothingToOrder]);
  }
  if (c.awaiting === 'name' && c.customerName) return readBack(s);
  if (u.thanks || u.yes) {
    c.awaiting = 'anything_else';
    return c.stage === 'placed' ? say.alreadyPlaced(c.orderNumber ?? null) : say.youAreWelcome;
  }
  if (u.menu) return tool(s, 'get_menu');
  return unknown(s, u);
}

/**
 * What the caller may ask for instead of ordering, in the order they are tried: the first that matches answers the
 * turn. A question asked while ordering with a number ("two burritos, how much?") is left to the order.
 */
interface Request {
  name: string;
  when(s: Session, u: Utterance): boolean;
  answer(s: Session, u: Utterance): string | Promise<string>;
}

const REQUESTS: readonly Request[] = [
  { name: 'cancel everything', when: (_, u) => u.cancelAll, answer: (s) => cancelAll(s) },
  { name: 'custom order', when: (_, u) => u.custom !== null, answer: (s, u) => custom(s, u.custom!.text) },
  {
    // "How long will it take?" before anything is placed is about the kitchen; otherwise about an order placed.
    name: 'how long the kitchen takes',
    when: (s, u) => u.waitTime && !u.status && !s.c.orderId,
    answer: (s) => readyIn(s),
  },
  { name: 'order status', when: (_, u) => u.status || u.waitTime, answer: (s) => tool(s, 'get_order_status') },
  { name: 'hours', when: (_, u) => u.hours && !addsWithQuantity(u), answer: (s) => tool(s, 'check_hours') },
  { name: 'price', when: (_, u) => u.price && !addsWithQuantity(u), answer: (s, u) => price(s, u) },
  {
    name: 'do you have',
    when: (_, u) => u.doYouHave && u.dishes.length > 0 && !addsWithQuantity(u),
    answer: (s, u) => availability(s, u.dishes[0]!),
  },
  {
    name: 'about a dish',
    when: (_, u) => u.dishQuestion && u.dishes.length > 0 && !addsWithQuantity(u),
    answer: (s, u) => aboutDish(s, u.dishes[0]!),
  },
  { name: 'menu', when: (_, u) => u.menu && u.dishes.length === 0, answer: (s) => tool(s, 'get_menu') },
];

const nothingElseSaid = (u: Utterance) =>
  u.actions.length === 0 && !u.done && !u.goodbye && !u.menu && !u.hours && !u.status && !u.price && !u.custom;

/** Whether the caller ordered something with a number ("two burritos"), not just named a dish in a question. */
const addsWithQuantity = (u: Utterance) => u.actions.some((a) => a.kind === 'add' && a.quantity !== null);

/**
 * A later pickup time asked for ("at 7 pm", "in an hour") is taken down first, or refused with the time that would
 * do (pickup-time/ reads it, voice/pickup.ts decides it); the rest of what was said is answered as usual.
 */
async function converseWithPickupTime(s: Session, text: string): Promise<string> {
  const asked = s.c.stage === 'ordering' || s.c.stage === 'confirming' ? readPickupRequest(text, s.pack) : null;
  if (!asked || refusal(s)) return converse(s, text);
  const requested = resolvePickupRequest(asked.request, s.now.getTime(), s.ctx.timeZone);
  const pickup = decidePickup(s.ctx, s.phrases, {
    prepMinutes: prepMinutesOf(
      s.ctx,
      s.c.lines.map((l) => l.menuItemId),
    ),
    requested,
    now: s.now.getTime(),
  });
  if (pickup.ok) s.c.pickupTime = new Date(pickup.scheduledFor!).toISOString();
  const heard = pickup.ok ? pickupNoted(s, pickup.scheduledFor!) : tidyStops(pickup.refusal);
  if (/[\p{L}\p{N}]/u.test(asked.rest) && !isOnlyPoliteness(s, asked.rest)) {
    return sentences(s, [heard, await converse(s, asked.rest)]);
  }
  if (s.c.stage === 'confirming') return pickup.ok ? readBack(s) : sentences(s, [heard, readBack(s)]);
  return sentences(s, [
    heard,
    s.c.lines.length > 0 || s.c.customText ? s.pack.say.anythingElse : s.phrases.nothingToOrder,
  ]);
}

/** "Please", "thanks": nothing to answer beside the pickup time. */
function isOnlyPoliteness(s: Session, text: string): boolean {
  const u = analyse(text, s.pack, s.ctx.menu);
  return u.actions.length === 0 && !u.content && !u.name && !u.menu && !u.hours && !u.status && !u.price;
}

// ——— Tools ———

async function tool(s: Session, name: ToolName): Promise<string> {
  const answer = await s.tools(name, {});
  if (s.c.awaiting !== 'confirmation') s.c.awaiting = null;
  return answer.result;
}

async function transfer(s: Session): Promise<string> {
  const answer = await s.tools('transfer_to_staff', {});
  if (answer.transferTo) {
    s.c.transferred = true;
    return end(s, answer.result);
  }
  return answer.result;
}

async function place(s: Session): Promise<string> {
  const { c, mem } = s;
  if (mem.pendingNote) {
    if (c.lines[0]) c.lines[0].notes = joinNotes(c.lines[0].notes, mem.pendingNote);
    else if (c.customText) c.customText = `${c.customText} (${mem.pendingNote})`;
    mem.pendingNote = null;
  }
  const answer = await s.tools('place_order', {
    customer_name: c.customerName,
    items: c.lines.map((l) => ({
      menu_item_id: l.menuItemId,
      name: l.name,
      quantity: l.quantity,
      notes: l.notes,
      ...(l.options?.length ? { options: l.options.map((o) => ({ group: o.group, choice: o.choice })) } : {}),
    })),
    ...(c.customText ? { custom_order_text: c.customText } : {}),
    ...(c.pickupTime ? { pickup_time: c.pickupTime } : {}),
  });
  if (answer.orderId) {
    c.orderId = answer.orderId;
    c.orderNumber = answer.orderNumber ?? null;
    c.stage = 'placed';
    c.awaiting = null;
  } else if (answer.isError) {
    // Something failed on our side: the caller may simply say yes again.
    c.awaiting = 'confirmation';
  } else {
    c.stage = 'ordering';
    c.awaiting = null;
  }
  return answer.result;
}

// ——— Ordering ———

/** Why no order can be taken right now (expired plan, busy mode, closed), as the tools would say it; or null. */
function refusal(s: Session): string | null {
  return orderRefusal(s.ctx, s.phrases, s.now)?.result ?? null;
}

/** The line of this dish: the one talked about last when the dish is on several lines. */
function lineOf(s: Session, id: string | null): DraftLine | undefined {
  if (!id) return undefined;
  const last = s.mem.lastLine != null ? s.c.lines[s.mem.lastLine] : undefined;
  if (last?.menuItemId === id) return last;
  return s.c.lines.findLast((l) => l.menuItemId === id);
}
const entryOf = (s: Session, id: string) => s.ctx.menu.find((m) => m.id === id);
const totalOf = (lines: readonly DraftLine[]) => orderTotal(lines);
const joinNotes = (notes: string | null, note: string) =>
  !notes ? note : notes.split(', ').includes(note) ? notes : `${notes}, ${note}`;

function describe(s: Session, line: DraftLine): string {
  const text = s.phrases.line(line.quantity, nameWithOptions(line.name, line.options ?? []));
  return line.notes ? s.pack.say.lineWithNotes(text, line.notes) : text;
}

const candidatesOf = (entries: readonly MenuEntry[]) =>
  entries.map((m) => ({ value: m, names: [m.name, ...m.aliases] }));

/** The order's items as menu entries (a line whose item left the menu keeps its own name and price). */
function orderEntries(s: Session): MenuEntry[] {
  return s.c.lines.map(
    (l) =>
      entryOf(s, l.menuItemId) ?? {
        id: l.menuItemId,
        name: l.name,
        aliases: [],
        description: null,
        priceCents: l.unitPriceCents,
        preparationTime: 1,
        isAvailable: true,
        categoryId: null,
        options: [],
      },
  );
}

/** The menu entry a dish means, preferring the one already ordered when the name fits several. */
function onMenu(s: Session, dish: DishRef): MenuEntry | { candidates: MenuEntry[] } | null {
  const found = resolveOnMenu(s, dish);
  if (!found) return null;
  if ('entry' in found) return found.entry;
  const chosen = found.options.filter((o) => s.choices?.ids.includes(o.id));
  if (chosen.length === 1) return chosen[0]!;
  const ordered = found.options.filter((o) => lineOf(s, o.id));
  return ordered.length === 1 ? ordered[0]! : { candidates: found.options };
}

/** The ordered item a dish means, or null when it is not in the order. */
function inOrder(s: Session, dish: DishRef): MenuEntry | { candidates: MenuEntry[] } | null {
  const found = resolveDish(dish, orderEntries(s));
  if (!found) return null;
  return 'entry' in found ? found.entry : { candidates: found.options };
}

/**
 * Up to two available dishes to offer for something not on the menu: matchDish's closest ones, when they look
 * anything like what was said (a word in common, or a few letters off).
 */
function closestTo(s: Session, spoken: string): string[] {
  const match = matchDish(spoken, candidatesOf(s.ctx.menu));
  if (match.kind === 'match') return [match.value.name];
  const said = normalizeDishName(spoken);
  const saidWords = said.split(' ').filter((w) => w.length >= 3);
  const han = [...said].filter((c) => /\p{Script=Han}/u.test(c));
  const resembles = (name: string) => {
    const target = normalizeDishName(name);
    if (han.length > 0) return han.some((c) => target.includes(c));
    const words = target.split(' ');
    return (
      editDistance(said, target, 3) <= Math.min(3, Math.floor(target.length / 4)) ||
      saidWords.some((w) =>
        words.some((t) => t.length >= 3 && (t.startsWith(w.slice(0, 4)) || w.startsWith(t.slice(0, 4)))),
      )
    );
  };
  return match.closest
    .filter((m) => m.isAvailable && [m.name, ...m.aliases].some(resembles))
    .slice(0, 2)
    .map((m) => m.name);
}

/**
 * Whether the caller named the dish itself: its whole name or an alias, or its head word ("fries" for French Fries,
 * "papas" for Papas Fritas), give or take a plural; "onions" for Onion Rings is only a word of it.
 */
function isWholeName(s: Session, dish: DishRef, entry: MenuEntry): boolean {
  const headFirst = s.pack.code === 'es' || s.pack.code === 'fr';
  const names = [entry.name, ...entry.aliases].map(normalizeDishName);
  const heads = names.map((n) => (headFirst ? n.split(' ')[0]! : n.split(' ').at(-1)!));
  const same = (a: string, b: string) => a === b || a === `${b}s` || a === `${b}es` || `${a}s` === b;
  return dish.variants.some((v) => {
    const said = normalizeDishName(v);
    return [...names, ...heads].some((n) => same(said, n));
  });
}

function alternativesTo(s: Session, entry: MenuEntry): string[] {
  const words = new Set(normalizeDishName(entry.name).split(' '));
  return s.ctx.menu
    .filter((m) => m.isAvailable && m.id !== entry.id)
    .map((m, index) => ({
      m,
      index,
      shared: normalizeDishName(m.name)
        .split(' ')
        .filter((w) => words.has(w)).length,
    }))
    .sort((a, b) => b.shared - a.shared || a.index - b.index)
    .slice(0, 2)
    .map(({ m }) => m.name);
}

/** Sets an item's quantity within the restaurant's caps; problems go to `events`. */
function setQuantity(s: Session, entry: MenuEntry, quantity: number, events: Event[]): boolean {
  const { c, ctx, phrases, mem } = s;
  const line = lineOf(s, entry.id);
  if (quantity < 1) {
    if (line) removeLine(s, line, events);
    return true;
  }
  if (!entry.isAvailable && !line) {
    events.push({ kind: 'problem', text: phrases.soldOut(entry.name, alternativesTo(s, entry)), question: false });
    return false;
  }
  if (quantity > ctx.caps.maxQuantityPerLine) {
    events.push({
      kind: 'problem',
      text: phrases.tooMany(entry.name, ctx.caps.maxQuantityPerLine),
      asksQuantityOf: entry.id,
      question: true,
    });
    return false;
  }
  if (!line && c.lines.length >= ctx.caps.maxLines) {
    events.push({ kind: 'problem', text: phrases.tooManyLines(ctx.caps.maxLines), question: false });
    return false;
  }
  const others = c.lines.filter((l) => l.menuItemId !== entry.id);
  const unitPriceCents = line?.unitPriceCents ?? entry.priceCents;
  if (totalOf(others) + multiplyCents(unitPriceCents, quantity) > ctx.caps.maxTotalCents) {
    events.push({
      kind: 'problem',
      text: phrases.tooExpensive(phrases.price(ctx.caps.maxTotalCents)),
      question: false,
    });
    return false;
  }
  if (line) {
    line.quantity = quantity;
  } else {
    c.lines.push({ menuItemId: entry.id, name: entry.name, quantity, notes: null, unitPriceCents });
  }
  const updated = lineOf(s, entry.id)!;
  if (mem.pendingNote) {
    updated.notes = joinNotes(updated.notes, mem.pendingNote);
    mem.pendingNote = null;
  }
  mem.lastItemId = entry.id;
  events.push({ kind: 'changed', id: entry.id });
  return true;
}

function removeLine(s: Session, line: DraftLine, events: Event[]) {
  s.c.lines = s.c.lines.filter((l) => l !== line);
  if (s.mem.lastItemId === line.menuItemId) s.mem.lastItemId = s.c.lines.at(-1)?.menuItemId ?? null;
  events.push({ kind: 'removed', name: line.name });
}

function ambiguous(s: Session, options: MenuEntry[], quantity: number | null = null): Event {
  s.mem.choices = options.map((o) => o.id);
  s.mem.choiceQuantity = quantity;
  return { kind: 'problem', text: s.pack.say.whichOne(options.slice(0, 3).map((o) => o.name)), question: true };
}

/** The item an action without a dish is about: the one asked "how many?" for, or the one talked about last. */
function currentItem(s: Session): MenuEntry | null {
  const id = (s.c.awaiting === 'quantity' && s.c.pendingItemId) || s.mem.lastItemId;
  return id ? (entryOf(s, id) ?? orderEntries(s).find((e) => e.id === id) ?? null) : null;
}

function addNote(s: Session, entry: MenuEntry | null, note: string, events: Event[]) {
  const line = entry ? lineOf(s, entry.id) : undefined;
  if (line) {
    line.notes = joinNotes(line.notes, note);
    s.mem.lastItemId = line.menuItemId;
    events.push({ kind: 'changed', id: line.menuItemId });
  } else if (!entry) {
    s.mem.pendingNote = s.mem.pendingNote ? `${s.mem.pendingNote}, ${note}` : note;
    events.push({ kind: 'pendingNote', note });
  }
}

function applyAction(s: Session, action: ItemAction, exact: boolean, events: Event[]) {
  switch (action.kind) {
    case 'add': {
      const found = onMenu(s, action.dish);
      if (!found) return;
      if ('candidates' in found) return events.push(ambiguous(s, found.candidates, action.quantity));
      const line = lineOf(s, found.id);
      const quantity = action.quantity ?? (s.choices?.ids.includes(found.id) ? s.choices.quantity : null);
      if (action.exact || exact) {
        setQuantity(s, found, quantity ?? line?.quantity ?? 1, events);
      } else if (line && quantity === null) {
        s.mem.lastItemId = found.id;
        events.push({ kind: 'changed', id: found.id });
      } else if (setQuantity(s, found, (line?.quantity ?? 0) + (quantity ?? 1), events)) {
        if (quantity === null) events.push({ kind: 'askQuantity', id: found.id });
      }
      return;
    }
    case 'set': {
      let entry: MenuEntry | null = null;
      if (action.dish) {
        const found = inOrder(s, action.dish) ?? onMenu(s, action.dish);
        if (found && 'candidates' in found) return events.push(ambiguous(s, found.candidates));
        entry = found;
      } else {
        entry = currentItem(s);
      }
      if (!entry) {
        if (!action.bare) events.push({ kind: 'problem', text: s.pack.say.whatElse, question: true });
        return;
      }
      setQuantity(s, entry, action.quantity, events);
      return;
    }
    case 'remove': {
      if (!action.dish) {
        const line = lineOf(s, s.mem.lastItemId);
        if (line) removeLine(s, line, events);
        return;
      }
      const found = inOrder(s, action.dish);
      if (found && 'candidates' in found) return events.push(ambiguous(s, found.candidates));
      const line = found ? lineOf(s, found.id) : undefined;
      if (line) return removeLine(s, line, events);
      const named = onMenu(s, action.dish);
      events.push({ kind: 'notInOrder', name: named && 'id' in named ? named.name : action.dish.text });
      return;
    }
    case 'note': {
      if (action.dish) {
        // "no ice on the horchata" before any horchata was ordered: the horchata is wanted too.
        let found = inOrder(s, action.dish);
        if (!found) {
          applyAction(s, { kind: 'add', dish: action.dish, quantity: null, exact: false }, exact, events);
          found = inOrder(s, action.dish);
        }
        if (found && 'id' in found) addNote(s, found, action.note, events);
        return;
      }
      addNote(s, currentItem(s) ?? null, action.note, events);
      return;
    }
    case 'unknown':
      events.push({
        kind: 'problem',
        text: s.phrases.unknownItem(action.text, closestTo(s, action.text)),
        question: true,
      });
      return;
    case 'negative': {
      const found = inOrder(s, action.dish);
      const line = found && 'id' in found ? lineOf(s, found.id) : undefined;
      if (line) return removeLine(s, line, events);
      // "No horchata" with no horchata ordered is about the horchata, not a note for something else.
      const named = onMenu(s, action.dish);
      if (named && 'id' in named && isWholeName(s, action.dish, named)) {
        return events.push({ kind: 'notInOrder', name: named.name });
      }
      const target = action.target ? inOrder(s, action.target) : currentItem(s);
      addNote(s, target && 'id' in target ? target : null, action.note, events);
      return;
    }
  }
}

/**
 * "A burrito, the carnitas one": a dish that fits several, followed in the same breath by one of them, is that one
 * (with the first one's quantity if the second has none).
 */
function settleChoices(s: Session, actions: readonly ItemAction[]): ItemAction[] {
  const out = [...actions];
  for (let i = 0; i < out.length; i++) {
    const first = out[i]!;
    if (first.kind !== 'add') continue;
    const found = onMenu(s, first.dish);
    if (!found || !('candidates' in found)) continue;
    const laterIndex = out.findIndex((a, j) => {
      if (j <= i || a.kind !== 'add') return false;
      const later = onMenu(s, a.dish);
      return later !== null && 'id' in later && found.candidates.some((o) => o.id === later.id);
    });
    const later = out[laterIndex];
    if (later?.kind !== 'add') continue;
    out[laterIndex] = { ...later, quantity: later.quantity ?? first.quantity };
    out.splice(i--, 1);
  }
  return out;
}

/** Applies item actions and says what changed, then one problem or the next question. */
function applyItems(
  s: Session,
  actions: readonly ItemAction[],
  { exact }: { exact: boolean },
): { reply: string; problem: boolean; refused: boolean } {
  const { c, pack, phrases } = s;
  const adds = actions.some(
    (a) =>
      a.kind === 'add' ||
      (a.kind === 'note' && a.dish !== null && !inOrder(s, a.dish)) ||
      (a.kind === 'set' && (a.dish !== null || (c.awaiting === 'quantity' && !lineOf(s, c.pendingItemId)))),
  );
  const refused = adds ? refusal(s) : null;
  if (refused) {
    c.awaiting = null;
    return { reply: refused, problem: true, refused: true };
  }

  const events: Event[] = [];
  for (const action of settleChoices(s, actions)) applyAction(s, action, exact, events);

  const parts: string[] = [];
  const changed = new Set(events.flatMap((e) => (e.kind === 'changed' ? [e.id] : [])));
  const changedLines = c.lines.filter((l) => changed.has(l.menuItemId));
  for (const line of changedLines) chooseOptions(s, line, s.said);
  if (changedLines.length > 0) parts.push(pack.say.gotIt(changedLines.map((l) => describe(s, l))));
  const removed = events.flatMap((e) => (e.kind === 'removed' ? [e.name] : []));
  if (removed.length > 0) parts.push(pack.say.removed(removed));
  const notInOrder = events.find((e) => e.kind === 'notInOrder');
  if (notInOrder) parts.push(pack.say.notInOrder(notInOrder.name));
  for (const e of events) if (e.kind === 'pendingNote') parts.push(pack.say.noted(e.note, null));

  const problem = events.find((e) => e.kind === 'problem');
  const ask = events.find((e) => e.kind === 'askQuantity' && lineOf(s, e.id)?.quantity === 1);
  const missingOption = problem ? null : firstMissingOption(s, changedLines);
  if (problem) {
    parts.push(problem.text);
    c.awaiting = problem.asksQuantityOf ? 'quantity' : problem.question ? null : 'anything_else';
    c.pendingItemId = problem.asksQuantityOf ?? null;
  } else if (missingOption) {
    parts.push(askOption(s, missingOption.line, missingOption.group));
  } else if (ask && ask.kind === 'askQuantity') {
    parts.push(phrases.badQuantity(lineOf(s, ask.id)!.name));
    c.awaiting = 'quantity';
    c.pendingItemId = ask.id;
  } else if (parts.length > 0) {
    parts.push(pack.say.anythingElse);
    c.awaiting = 'anything_else';
  } else {
    parts.push(phrases.invalidRequest);
  }
  if (c.stage === 'placed' && (changedLines.length > 0 || removed.length > 0)) c.stage = 'ordering';
  return { reply: sentences(s, parts), problem: problem !== undefined, refused: false };
}

async function confirming(s: Session, u: Utterance, text: string): Promise<string | null> {
  const { c, pack } = s;
  const parsed = readOrder(s, text);
  if (takesParsed(s, parsed, u)) {
    const result = applyParsed(s, parsed, u);
    if (result.refused || result.problem) {
      c.stage = 'ordering';
      return result.reply;
    }
    return readBack(s);
  }
  if (u.actions.length > 0) {
    const result = applyItems(s, u.actions, { exact: u.no });
    if (result.refused || result.problem) {
      c.stage = 'ordering';
      return result.reply;
    }
    return c.lines.length > 0 || c.customText ? readBack(s) : finish(s);
  }
  if (u.yes || (u.done && !u.no)) return place(s);
  if (u.no || u.cancelAll) {
    if (u.cancelAll) return cancelAll(s);
    c.stage = 'ordering';
    c.awaiting = null;
    return pack.say.askChange;
  }
  if (u.goodbye) return end(s, goodbye(s));
  if (u.name) {
    c.customerName = u.name;
    return readBack(s);
  }
  if (u.price) return sentences(s, [pack.say.totalSoFar(formatCents(totalOf(c.lines))), pack.say.confirmAgain]);
  if (u.hours || u.status || u.menu || u.transfer) return null;
  return pack.say.confirmAgain;
}

function finish(s: Session): string {
  const { c, pack } = s;
  if (c.lines.length === 0 && !c.customText) {
    c.awaiting = null;
    return s.phrases.nothingToOrder;
  }
  if (!c.customerName) {
    c.awaiting = 'name';
    return pack.say.askName;
  }
  return readBack(s);
}

function readBack(s: Session): string {
  const { c, pack, phrases } = s;
  // A dish still missing its size (or another required choice) is asked about before anything is read back.
  const missing = firstMissingOption(s, c.lines);
  if (missing) {
    c.stage = 'ordering';
    return askOption(s, missing.line, missing.group);
  }
  c.stage = 'confirming';
  c.awaiting = 'confirmation';
  const summary = [...c.lines.map((l) => describe(s, l)), ...(c.customText ? [pack.say.customLine(c.customText)] : [])];
  const total = c.lines.length > 0 ? formatCents(totalOf(c.lines)) : null;
  const question = pack.say.readBack(phrases.list(summary), total);
  return c.pickupTime ? sentences(s, [pickupNoted(s, Date.parse(c.pickupTime)), question]) : question;
}

/** 'For pickup today at 7:00 PM.' */
const pickupNoted = (s: Session, at: number) =>
  tidyStops(s.pack.say.pickupNoted(speakPickup(s.ctx.language, at, s.now.getTime(), s.ctx.timeZone).when));

function cancelAll(s: Session): string {
  const { c, mem, pack } = s;
  if (c.orderId) {
    c.awaiting = null;
    return pack.say.alreadyPlaced(c.orderNumber ?? null);
  }
  c.lines = [];
  c.customText = null;
  c.stage = 'ordering';
  c.awaiting = null;
  mem.lastItemId = null;
  mem.pendingNote = null;
  return pack.say.cleared;
}

async function price(s: Session, u: Utterance): Promise<string> {
  const { c, pack, phrases } = s;
  if (u.dishes.length > 0) {
    const parts = u.dishes.slice(0, 2).map((dish) => {
      const found = onMenu(s, dish);
      if (!found) return phrases.unknownItem(dish.text, []);
      if ('candidates' in found) return pack.say.whichOne(found.candidates.slice(0, 3).map((o) => o.name));
      if (!found.isAvailable) return phrases.soldOut(found.name, alternativesTo(s, found));
      return pack.say.priceOf(found.name, formatCents(found.priceCents));
    });
    if (c.awaiting !== 'confirmation') c.awaiting = null;
    return sentences(s, parts);
  }
  if (c.lines.length > 0) return pack.say.totalSoFar(formatCents(totalOf(c.lines)));
  return tool(s, 'get_menu');
}

/** The longest preparation time among the items ordered (or on the menu, before anything is ordered). */
function readyIn(s: Session): string {
  const entries = s.c.lines.length > 0 ? orderEntries(s) : s.ctx.menu.filter((m) => m.isAvailable);
  // The kitchen's queue as it stands, never less than the slowest dish (the same quote place_order gives).
  const prep = Math.max(1, ...entries.map((e) => e.preparationTime));
  const { minutes } = quotePickup(kitchenOf(s.ctx), prep, s.now.getTime());
  if (s.c.awaiting !== 'confirmation') s.c.awaiting = 'anything_else';
  return s.pack.say.readyIn(minutes);
}

/** "Is the soup spicy?": what the menu says about the dish (its price, and its description if it has one). */
function aboutDish(s: Session, dish: DishRef): string {
  const { c, pack, phrases } = s;
  const found = onMenu(s, dish);
  if (!found) return phrases.unknownItem(dish.text, []);
  if ('candidates' in found) return pack.say.whichOne(found.candidates.slice(0, 3).map((o) => o.name));
  if (!found.isAvailable) return phrases.soldOut(found.name, alternativesTo(s, found));
  if (c.awaiting !== 'confirmation') c.awaiting = null;
  const description = found.description?.trim();
  return sentences(s, [
    pack.say.priceOf(found.name, formatCents(found.priceCents)),
    ...(description
      ? [/[.!?。！？]$/u.test(description) ? description : `${description}${pack.spaced ? '.' : '。'}`]
      : []),
  ]);
}

function availability(s: Session, dish: DishRef): string {
  const { c, pack, phrases } = s;
  const found = onMenu(s, dish);
  if (!found) return phrases.unknownItem(dish.text, []);
  if ('candidates' in found) return pack.say.whichOne(found.candidates.slice(0, 3).map((o) => o.name));
  if (!found.isAvailable) {
    c.awaiting = 'anything_else';
    return phrases.soldOut(found.name, alternativesTo(s, found));
  }
  c.awaiting = 'quantity';
  c.pendingItemId = found.id;
  return pack.say.weHave(found.name, formatCents(found.priceCents));
}

function custom(s: Session, text: string | null): string {
  const { ctx, phrases, mem, c, pack } = s;
  if (!ctx.allowCustomOrders) return phrases.customNotAllowed;
  const refused = refusal(s);
  if (refused) return refused;
  if (!text) {
    mem.awaitingCustomText = true;
    c.awaiting = null;
    return pack.say.askCustom;
  }
  return addCustom(s, text);
}

function addCustom(s: Session, text: string): string {
  const { ctx, phrases, c, pack } = s;
  if (!ctx.allowCustomOrders) return phrases.customNotAllowed;
  const refused = refusal(s);
  if (refused) return refused;
  c.customText = c.customText ? `${c.customText}; ${text}` : text;
  c.awaiting = 'anything_else';
  if (c.stage === 'placed') c.stage = 'ordering';
  return pack.say.customNoted(text);
}

function unknown(s: Session, u: Utterance): string {
  const { ctx, phrases, mem, c, pack } = s;
  // Only "hello", "um" and the like: ask for the order.
  if (!u.content || u.contentWords === 0) return c.lines.length > 0 ? pack.say.anythingElse : phrases.nothingToOrder;
  if (u.contentWords >= 3 && ctx.allowCustomOrders && c.stage !== 'placed') {
    const refused = refusal(s);
    if (refused) return refused;
    mem.pendingCustom = u.content;
    c.awaiting = 'confirmation';
    return pack.say.offerCustom(u.content);
  }
  return phrases.unknownItem(u.content, closestTo(s, u.content));
}

function goodbye(s: Session): string {
  const { c, pack, ctx } = s;
  const unplaced = c.stage !== 'placed' && (c.lines.length > 0 || c.customText !== null) && !c.orderId;
  return unplaced ? pack.say.goodbyeNoOrder(ctx.restaurantName) : pack.say.goodbye(ctx.restaurantName);
}

function end(s: Session, reply: string): string {
  s.c.stage = 'ended';
  s.c.awaiting = null;
  s.ended = true;
  return reply;
}

// ——— Options (sizes, extras) ———

const wordsOf = (text: string) => normalizeDishName(text).split(' ').filter(Boolean);

/** The language's negations as words ("no", "hold the", "sin", "sans"), read once a language. */
const negationsOf = new WeakMap<LanguagePack, string[][]>();
function negationWords(pack: LanguagePack): string[][] {
  let found = negationsOf.get(pack);
  if (!found) negationsOf.set(pack, (found = pack.ordering.negative.map(wordsOf).filter((w) => w.length > 0)));
  return found;
}

/** The choices of `group` named in `text` by their whole name, not right after a negation ("no", "hold the", "sin"). */
function choicesIn(text: string, group: MenuOptionGroup, negations: readonly string[][]): number[] {
  const words = wordsOf(text);
  const negatedAt = (i: number) =>
    negations.some((n) => n.length <= i && n.every((w, k) => words[i - n.length + k] === w));
  return group.choices.flatMap((choice, index) => {
    const name = wordsOf(choice.name);
    if (name.length === 0) return [];
    for (let i = 0; i + name.length <= words.length; i++) {
      if (name.every((w, k) => words[i + k] === w || words[i + k] === `${w}s`) && !negatedAt(i)) return [index];
    }
    return [];
  });
}

/**
 * Sets the options named in `text` on the line ("two large burritos with extra cheese"), reprices it, and drops a
 * note that only named a choice now taken as an option. A one-choice group named twice ("small … large") is left for
 * the question.
 */
function chooseOptions(s: Session, line: DraftLine, text: string): boolean {
  const entry = entryOf(s, line.menuItemId);
  if (!entry || entry.options.length === 0) return false;
  const current = line.options ?? [];
  let changed = false;
  const chosen = entry.options.flatMap((group) => {
    const said = choicesIn(text, group, negationWords(s.pack));
    const before = current.filter((o) => o.group === group.name);
    let names = before.map((o) => o.choice);
    if (said.length > 0 && (maxChoicesOf(group) > 1 || said.length === 1)) {
      const saidNames = said.map((i) => group.choices[i]!.name);
      names = maxChoicesOf(group) > 1 ? [...new Set([...names, ...saidNames])] : saidNames;
      changed ||= names.join('|') !== before.map((o) => o.choice).join('|');
    }
    return group.choices
      .filter((c) => names.includes(c.name))
      .map((c) => ({ group: group.name, choice: c.name, priceDeltaCents: c.priceDeltaCents }));
  });
  if (!changed) return false;
  line.options = chosen;
  line.unitPriceCents = unitPriceWithOptions(entry.priceCents, chosen);
  if (line.notes) {
    const kept = line.notes
      .split(', ')
      .filter((note) => !chosen.some((o) => wordsOf(note).join(' ').endsWith(wordsOf(o.choice).join(' '))));
    line.notes = kept.length > 0 ? kept.join(', ') : null;
  }
  return true;
}

/** The first of these lines whose dish has a required option with nothing chosen. */
function firstMissingOption(s: Session, lines: readonly DraftLine[]) {
  for (const line of lines) {
    const entry = entryOf(s, line.menuItemId);
    const group = entry?.options.find((g) => g.required && !(line.options ?? []).some((o) => o.group === g.name));
    if (group) return { line, group };
  }
  return null;
}

function askOption(s: Session, line: DraftLine, group: MenuOptionGroup): string {
  s.mem.awaitingOption = { itemId: line.menuItemId, group: group.name, line: s.c.lines.indexOf(line) };
  s.mem.lastItemId = line.menuItemId;
  s.mem.lastLine = s.c.lines.indexOf(line);
  s.c.awaiting = null;
  return s.phrases.optionMissing(
    line.name,
    group.name,
    group.choices.map((c) => s.phrases.choice(c.name, c.priceDeltaCents)),
  );
}

/**
 * The answer to "Which size …?": the choice, then the next missing one or "anything else?". Words that name no
 * choice get the question again, unless the caller moved on to something else (an item, a question, "that's all"),
 * which is then handled as usual; the read-back asks again for whatever is still missing.
 */
function answerOption(s: Session, u: Utterance): string | null {
  const pending = s.mem.awaitingOption!;
  s.mem.awaitingOption = null;
  const atIndex = pending.line != null ? s.c.lines[pending.line] : undefined;
  const line = atIndex?.menuItemId === pending.itemId ? atIndex : lineOf(s, pending.itemId);
  const group = line ? entryOf(s, line.menuItemId)?.options.find((g) => g.name === pending.group) : undefined;
  if (!line || !group) return null;
  const answered =
    (answerFromLexicon(s, line, group, s.said) || chooseOptions(s, line, s.said)) &&
    (line.options ?? []).some((o) => o.group === group.name);
  const movedOn =
    u.actions.length > 0 || u.done || u.goodbye || u.cancelAll || u.custom || u.menu || u.hours || u.status || u.price;
  if (movedOn) return null;
  if (!answered) return askOption(s, line, group);
  const next = firstMissingOption(s, s.c.lines);
  if (next) return askOption(s, next.line, next.group);
  s.c.awaiting = 'anything_else';
  return sentences(s, [s.pack.say.gotIt([describe(s, line)]), s.pack.say.anythingElse]);
}

// ——— Orders read item by item ———

function lexiconOf(s: Session): MenuLexicon {
  s.lexicon ??= menuLexicon(s.ctx.restaurantId, s.ctx.menu, s.pack.code);
  return s.lexicon;
}

/** The names with a number word in them, kept with the lexicon of the menu they come from. */
const numberNamesOf = new WeakMap<MenuLexicon, string[][]>();

function numberNames(s: Session): string[][] {
  const lexicon = lexiconOf(s);
  let names = numberNamesOf.get(lexicon);
  if (!names) {
    names = namesWithNumbers(s.ctx.menu, s.pack);
    numberNamesOf.set(lexicon, names);
  }
  return names;
}

/**
 * The menu entry a dish said means, through the menu's lexicon (one look-up per way of saying it, whatever the menu's
 * size): the words as said first, then their translations, then the glossary's other words for them.
 */
function resolveOnMenu(s: Session, dish: DishRef): Resolution {
  const lexicon = lexiconOf(s);
  for (const variant of [...dish.variants, ...dish.forms]) {
    const named = lexicon.dishesNamed(nameWords(variant));
    if (!named) continue;
    const entries = named.ids.map((id) => entryOf(s, id)).filter((e): e is MenuEntry => !!e);
    if (entries.length === 1) return { entry: entries[0]!, isConfident: named.cost < 1 };
    if (entries.length > 1) return { options: entries };
  }
  return null;
}

function readOrder(s: Session, text: string): ParsedOrder {
  s.readings ??= new Map();
  let parsed = s.readings.get(text);
  if (!parsed) {
    parsed = parseOrder(text, s.pack, lexiconOf(s));
    s.readings.set(text, parsed);
  }
  return parsed;
}

/**
 * Whether the item-by-item reading of this turn is what to act on: it found a dish (or a correction of the item
 * talked about last), and the turn removes nothing (removals and bare quantities stay with the older reading).
 */
function takesParsed(s: Session, parsed: ParsedOrder, u: Utterance): boolean {
  const removes = u.actions.some((a) => a.kind === 'remove') && s.c.lines.length > 0;
  if (parsed.removal || removes) return false;
  const adds = parsed.items.some((i) => !i.correction && i.dishIds.length > 0);
  const corrects = s.c.lines.length > 0 && parsed.items.some((i) => i.correction);
  // "A diet pepsi" with Diet Coke and Pepsi on the menu: asked about, where the older reading would take both.
  const unknownOverAdds = parsed.unknown.length > 0 && u.actions.some((a) => a.kind === 'add');
  return adds || corrects || unknownOverAdds;
}

const sameChoices = (a: readonly ChosenOption[], b: readonly ChosenOption[]) =>
  a.length === b.length && a.every((o) => b.some((p) => p.group === o.group && p.choice === o.choice));

/** The chosen options with the dish's price changes, in the menu's order. */
function priced(entry: MenuEntry, chosen: readonly { group: string; choice: string }[]): ChosenOption[] {
  return entry.options.flatMap((group) =>
    group.choices
      .filter((c) => chosen.some((o) => o.group === group.name && o.choice === c.name))
      .map((c) => ({ group: group.name, choice: c.name, priceDeltaCents: c.priceDeltaCents })),
  );
}

const unitPrice = (entry: MenuEntry, options: readonly ChosenOption[]) =>
  unitPriceWithOptions(entry.priceCents, options);

function notesOf(s: Session, item: ParsedItem): string | null {
  const notes = [...item.exclusions.map((e) => s.pack.say.without(e)), ...item.notes];
  return notes.length > 0 ? notes.join(', ') : null;
}

/** "Make that a large", "make it two", "make that a Pepsi": the line talked about last, changed. */
function correctLine(s: Session, item: ParsedItem, touched: DraftLine[], problems: string[]) {
  const { c, mem } = s;
  // "Mejor tres tacos": the tacos' line when tacos are in the order; otherwise the line talked about last.
  const named = item.dishIds.length === 1 ? lineOf(s, item.dishIds[0]!) : undefined;
  const target = named ?? (mem.lastLine != null ? c.lines[mem.lastLine] : undefined) ?? c.lines.at(-1);
  if (!target) return;
  const dishId = item.dishIds.length === 1 ? item.dishIds[0]! : target.menuItemId;
  const entry = entryOf(s, dishId);
  if (!entry) return;
  if (!entry.isAvailable) {
    problems.push(s.phrases.soldOut(entry.name, alternativesTo(s, entry)));
    return;
  }
  const kept =
    dishId === target.menuItemId
      ? (target.options ?? []).filter((o) => !item.options.some((n) => n.group === o.group))
      : (target.options ?? []).filter((o) => entry.options.some((g) => g.choices.some((ch) => ch.name === o.choice)));
  const options = priced(entry, [...kept, ...item.options]);
  const quantity = item.quantity ?? target.quantity;
  if (quantity > s.ctx.caps.maxQuantityPerLine) {
    problems.push(s.phrases.tooMany(entry.name, s.ctx.caps.maxQuantityPerLine));
    return;
  }
  const note = notesOf(s, item);
  const exclusions = [...(dishId === target.menuItemId ? (target.exclusions ?? []) : []), ...item.exclusions];
  Object.assign(target, {
    exclusions: exclusions.length > 0 ? exclusions : undefined,
    menuItemId: entry.id,
    name: entry.name,
    quantity,
    options,
    unitPriceCents: unitPrice(entry, options),
    notes: note
      ? joinNotes(dishId === target.menuItemId ? target.notes : null, note)
      : dishId === target.menuItemId
        ? target.notes
        : null,
  });
  mem.lastItemId = entry.id;
  mem.lastLine = c.lines.indexOf(target);
  touched.push(target);
}

/** Adds the items read, each on its own line (the same dish with other options is another line). */
function applyParsed(
  s: Session,
  parsed: ParsedOrder,
  u: Utterance,
): { reply: string; problem: boolean; refused: boolean } {
  const { c, ctx, pack, phrases, mem } = s;
  const refused = parsed.items.some((i) => !i.correction) ? refusal(s) : null;
  if (refused) {
    c.awaiting = null;
    return { reply: refused, problem: true, refused: true };
  }
  const touched: DraftLine[] = [];
  const problems: string[] = [];
  /** Lines ordered before this turn: a dish named again without a number is about its line. */
  const earlier = new Set(c.lines);
  let question = false;
  let asksQuantityOf: string | null = null;
  /** A line added without a number said ("I want the chicken soup"): asked how many, when it is the only one. */
  let unsaid: DraftLine | null = null;
  /** A line said with two choices where one goes ("a small … large pizza"): asked, not guessed. */
  let conflicted: { line: DraftLine; group: string } | null = null;
  for (const parsedItem of parsed.items) {
    if (problems.length > 0) break;
    let item = parsedItem;
    if (item.correction) {
      correctLine(s, item, touched, problems);
      continue;
    }
    if (item.dishIds.length === 0) continue;
    // The answer to "which one would you like?": among the dishes offered, with the quantity said with the question.
    const offered = s.choices ? item.dishIds.filter((id) => s.choices!.ids.includes(id)) : [];
    if (s.choices && offered.length === 1) {
      item = { ...item, dishIds: offered, quantity: item.quantity ?? s.choices.quantity };
    }
    // "The burrito" when one of the burritos is in the order: that one.
    const ordered = item.dishIds.filter((id) => lineOf(s, id));
    if (item.dishIds.length > 1 && ordered.length === 1 && item.quantity === null) item = { ...item, dishIds: ordered };
    if (item.dishIds.length > 1) {
      const options = item.dishIds.map((id) => entryOf(s, id)).filter((e): e is MenuEntry => !!e);
      const which = ambiguous(s, options, item.quantity);
      if (which.kind === 'problem') problems.push(which.text);
      question = true;
      continue;
    }
    const entry = entryOf(s, item.dishIds[0]!);
    if (!entry) continue;
    if (!entry.isAvailable) {
      problems.push(phrases.soldOut(entry.name, alternativesTo(s, entry)));
      continue;
    }
    const existing = lineOf(s, entry.id);
    if (existing && earlier.has(existing) && item.quantity === null && !item.article) {
      // "The fries extra crispy", "la soupe bien chaude": about the line already ordered.
      const options = priced(entry, [
        ...(existing.options ?? []).filter((o) => !item.options.some((n) => n.group === o.group)),
        ...item.options,
      ]);
      existing.options = options;
      existing.unitPriceCents = unitPrice(entry, options);
      const note = notesOf(s, item);
      if (note) existing.notes = joinNotes(existing.notes, note);
      if (item.exclusions.length > 0)
        existing.exclusions = [...new Set([...(existing.exclusions ?? []), ...item.exclusions])];
      mem.lastItemId = entry.id;
      mem.lastLine = c.lines.indexOf(existing);
      if (!touched.includes(existing)) touched.push(existing);
      continue;
    }
    const quantity = item.quantity ?? 1;
    const options = priced(entry, item.options);
    const notes = notesOf(s, item);
    const same = c.lines.find(
      (l) => l.menuItemId === entry.id && sameChoices(l.options ?? [], options) && (l.notes ?? null) === notes,
    );
    const sameDish = c.lines.filter((l) => l.menuItemId === entry.id).reduce((n, l) => n + l.quantity, 0);
    if (quantity < 1) {
      problems.push(phrases.badQuantity(entry.name));
      continue;
    }
    if (sameDish + quantity > ctx.caps.maxQuantityPerLine) {
      problems.push(phrases.tooMany(entry.name, ctx.caps.maxQuantityPerLine));
      asksQuantityOf = entry.id;
      continue;
    }
    if (!same && c.lines.length >= ctx.caps.maxLines) {
      problems.push(phrases.tooManyLines(ctx.caps.maxLines));
      continue;
    }
    const unitPriceCents = unitPrice(entry, options);
    if (totalOf(c.lines) + multiplyCents(unitPriceCents, quantity) > ctx.caps.maxTotalCents) {
      problems.push(phrases.tooExpensive(phrases.price(ctx.caps.maxTotalCents)));
      continue;
    }
    let line: DraftLine;
    if (same) {
      same.quantity += quantity;
      line = same;
    } else {
      line = { menuItemId: entry.id, name: entry.name, quantity, notes, unitPriceCents, options };
      if (item.exclusions.length > 0) line.exclusions = item.exclusions;
      c.lines.push(line);
    }
    if (mem.pendingNote) {
      line.notes = joinNotes(line.notes, mem.pendingNote);
      mem.pendingNote = null;
    }
    mem.lastItemId = entry.id;
    mem.lastLine = c.lines.indexOf(line);
    if (!touched.includes(line)) touched.push(line);
    if (item.quantity === null && line.quantity === 1) unsaid = line;
    if (item.conflicts.length > 0 && !conflicted) conflicted = { line, group: item.conflicts[0]! };
  }
  for (const text of parsed.unknown) {
    if (problems.length > 0) break;
    problems.push(phrases.unknownItem(text, closestTo(s, text)));
  }
  // "I'm allergic to peanuts": the whole remark goes with the item, as the older reading keeps it.
  for (const action of u.actions) {
    if (action.kind !== 'note' || action.dish !== null || !mentionsAllergy(action.note)) continue;
    const line = touched.at(-1);
    if (!line) {
      mem.pendingNote = mem.pendingNote ? `${mem.pendingNote}, ${action.note}` : action.note;
      continue;
    }
    const kept = (line.notes ?? '').split(', ').filter((n) => n && !mentionsAllergy(n));
    line.notes = joinNotes(kept.length > 0 ? kept.join(', ') : null, action.note);
  }

  const parts: string[] = [];
  if (touched.length > 0) parts.push(pack.say.gotIt(touched.map((l) => describe(s, l))));
  const conflictGroup = conflicted
    ? entryOf(s, conflicted.line.menuItemId)?.options.find((g) => g.name === conflicted.group)
    : undefined;
  const missing =
    problems.length > 0
      ? null
      : (firstMissingOption(s, touched) ??
        (conflicted && conflictGroup ? { line: conflicted.line, group: conflictGroup } : null));
  if (problems.length > 0) {
    parts.push(...problems);
    c.awaiting = asksQuantityOf ? 'quantity' : question ? null : 'anything_else';
    c.pendingItemId = asksQuantityOf;
  } else if (missing) {
    parts.push(askOption(s, missing.line, missing.group));
  } else if (unsaid && touched.length === 1) {
    parts.push(phrases.badQuantity(unsaid.name));
    c.awaiting = 'quantity';
    c.pendingItemId = unsaid.menuItemId;
  } else {
    parts.push(pack.say.anythingElse);
    c.awaiting = 'anything_else';
  }
  if (c.stage === 'placed' && touched.length > 0) c.stage = 'ordering';
  return { reply: sentences(s, parts), problem: problems.length > 0, refused: false };
}

/** The answer to "Which size …?" read with the menu's lexicon: "the large", "thin", "a medium one". */
function answerFromLexicon(s: Session, line: DraftLine, group: MenuOptionGroup, said: string): boolean {
  const entry = entryOf(s, line.menuItemId);
  if (!entry) return false;
  const parsed = readOrder(s, said);
  const chosen = parsed.items
    .filter((i) => i.dishIds.length === 0 || i.dishIds.includes(entry.id) || i.correction)
    .flatMap((i) => i.options)
    .filter((o) => o.group === group.name);
  const choice = chosen.at(-1);
  if (!choice) return false;
  const others = (line.options ?? []).filter((o) => o.group !== group.name);
  line.options = priced(entry, [...others, choice]);
  line.unitPriceCents = unitPrice(entry, line.options);
  return true;
}
