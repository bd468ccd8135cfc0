import type { Language } from '@shared/domain/languages';
import type { OrderStatus } from '@shared/domain/orders';
import type { Cents } from '@shared/domain/money';
import type { NotificationKind } from '@shared/domain/notifications';
import type { OrderPhrases } from '../ordering/parse-order';

/**
 * What the built-in assistant says in one language, beyond the tool executor's own sentences (speech.ts). Every
 * reply is one or two short, single-line sentences.
 */
export interface Replies {
  /** The built-in greeting, when the restaurant's own greeting is not in the call's language. */
  greeting(restaurant: string): string;
  /** What the caller does not want on a dish, as the ticket says it: "no olives", "sin cebolla". */
  without(what: string): string;
  /** "2 Margherita Pizza (no onions)". */
  lineWithNotes(line: string, notes: string): string;
  /** "A or B". */
  either(options: string[]): string;
  gotIt(lines: string[]): string;
  removed(names: string[]): string;
  notInOrder(name: string): string;
  noted(note: string, name: string | null): string;
  anythingElse: string;
  whatElse: string;
  whichOne(options: string[]): string;
  askName: string;
  thanksName(name: string): string;
  readBack(summary: string, total: string | null): string;
  confirmAgain: string;
  askChange: string;
  priceOf(name: string, price: string): string;
  totalSoFar(total: string): string;
  /** Before ordering: about how long the kitchen takes. */
  readyIn(minutes: number): string;
  weHave(name: string, price: string): string;
  askCustom: string;
  offerCustom(text: string): string;
  customNoted(text: string): string;
  customDropped: string;
  customLine(text: string): string;
  cleared: string;
  youAreWelcome: string;
  /** The order is in; `orderNumber` is its number for the day, said again so the caller has it. */
  alreadyPlaced(orderNumber: number | null): string;
  /** The pickup time the caller asked for, taken down: 'For pickup today at 7:00 PM.' */
  pickupNoted(when: string): string;
  goodbye(restaurant: string): string;
  goodbyeNoOrder(restaurant: string): string;
}

/**
 * The words the built-in assistant understands in one language. Words and phrases are written as a caller would say
 * them; they are compared after normalizeDishName (case, accents and punctuation do not matter), except in Chinese,
 * which is compared as written.
 */
export interface LanguagePack {
  code: Language;
  /** False for Chinese: no spaces between words, so text is segmented by scanning for known words. */
  spaced: boolean;
  /** Number words and phrases: "one", "a couple of", "half a dozen", "veintiuno", "quatre vingt". */
  numbers: Record<string, number>;
  /** Words that multiply the number before them (or 1): "dozen" 12, "hundred" 100, "thousand" 1000. */
  multipliers: Record<string, number>;
  /** "twenty and one", "treinta y uno", "vingt et un". */
  numberJoiners: string[];
  /** Number words that are also articles ("a", "un"): a quantity only right before a dish. */
  articles: string[];
  /** Number words that, right after a dish, stand for it rather than count it: "the chicken one". */
  pronouns: string[];
  /** Contractions typed without their apostrophe, as the words they stand for: "thats" → "that s". */
  contractions: Record<string, string>;
  /** Words that may stand between a number and its dish: "two orders of", "dos vasos de", 两杯. */
  quantityFillers: string[];
  /** Chinese measure words (个, 份, 杯 …), read as part of the number before them. */
  measureWords: string[];
  yes: string[];
  no: string[];
  /** Words after a leading "no" that keep it an answer ("no thanks", "no, that's it") rather than "no onions". */
  answerFollowers: string[];
  thanks: string[];
  done: string[];
  goodbye: string[];
  /** A transfer request: a verb with a target ("talk to" + "someone"), or a standalone phrase ("manager"). */
  transfer: { verbs: string[]; targets: string[]; standalone: string[] };
  menu: string[];
  price: string[];
  doYouHave: string[];
  /** A question about a dish rather than an order for it: "is the soup spicy?", "¿lleva cebolla?", 辣不辣. */
  dishQuestion: string[];
  hours: string[];
  status: string[];
  /** How long an order takes: "how long will it take", "¿cuánto tarda?", 要等多久. */
  waitTime: string[];
  custom: string[];
  cancelAll: string[];
  remove: string[];
  change: string[];
  add: string[];
  /** "no", "without", "sin", "sans", 不要: a note, or a removal when the dish named is in the order. */
  negative: string[];
  /** Words that start a note about the dish just mentioned: "extra", "less", "más", "peu de", 少, 多. */
  noteMarkers: string[];
  /** Words that are a note by themselves: "spicy", "mild", "bien cuit", 微辣. */
  noteWords: string[];
  /** "with", "con", "avec": a dish after it with a quantity is added, anything else is a note. */
  withWords: string[];
  conjunctions: string[];
  /** Words that never start or end a dish name ("the", "please", "i", "de"). */
  fillers: string[];
  /** Request openers stripped from a custom or unknown request: "i'd like", "can i get", "quiero", "我要". */
  requestLeads: string[];
  /** "my name is", "me llamo", "je m'appelle", 我叫. */
  nameIntro: string[];
  /** Only when the assistant has just asked for the name: "it's", "soy", "c'est", 我是. */
  nameBare: string[];
  /** What the order parser reads besides the words above: negations, corrections, removals, brand names. */
  ordering: OrderPhrases;
  say: Replies;
  /** How a caller asks for a later pickup time: "at 7 pm", "in an hour" (modules/pickup-time reads them). */
  pickupTime: PickupTimeWords;
  /** What the assistant's tools say (menu, hours, orders, transfers): short, single-line, speakable sentences. */
  tools: Phrases;
  /** What the phone assistant says on the line besides its replies. */
  call: CallLines;
  /** The texts a customer gets about their order. */
  texts: CustomerTexts;
  /** The phone assistant's system prompt (voice/assistant-prompt.ts puts it together). */
  prompt: PromptText;
}

/** The parts of the phone assistant's system prompt, written in the call's language. */
export interface PromptText {
  intro(restaurant: string): string;
  language: string;
  nowTitle: string;
  now(day: string, time: string, timeZone: string): string;
  openNow(closesAt: string): string;
  closedNow(opensAt: string): string;
  neverOpen: string;
  closedRule: string;
  busy(message: string): string;
  cannotTakeOrders: string;
  staffLine(available: boolean): string;
  hoursTitle: string;
  /** One period; `overnight` when it closes after midnight. */
  period(open: string, close: string, overnight: boolean): string;
  dayHours(day: string, periods: string[]): string;
  dayClosed(day: string): string;
  menuTitle: string;
  soldOutTitle: string;
  emptyMenu: string;
  /** The heading for dishes without a category. */
  otherCategory: string;
  /** 'Size (required, pick one): Small, Large +$3.00'. */
  option(name: string, kind: 'required' | 'one' | 'any', choices: string[]): string;
  /** How to take options, said once when any dish has them. */
  optionsRule: string;
  orderingTitle: string;
  customAllowed: string;
  customNotAllowed: string;
  caps(quantity: number, lines: number, total: string): string;
  rulesTitle: string;
  rules: string[];
  /** A test call's later requests to the model: the call's state (test-calls/model-history.ts puts it together). */
  callState: CallStateText;
}

/** The call's state, told to the model once an order is placed or the earliest turns are left out of a request. */
export interface CallStateText {
  title: string;
  turnsLeftOut: string;
  noOrderYet: string;
  /** The placed order: its number ('#12') and name when known, its lines, its total. */
  orderPlaced(reference: { number: string | null; name: string | null }, items: string, total: string): string;
  specialRequest(text: string): string;
}

/** What the phone assistant says on the line besides its replies (its prompt is in voice/assistant-prompt.ts). */
export interface CallLines {
  /** While one of its tools runs; without it the voice platform fills the pause in English. */
  oneMoment: string;
  /** As it starts a transfer. */
  ofCourse: string;
  /** As the transfer connects. */
  connecting: string;
  /** Right after the greeting. */
  recordingNotice: string;
}

export interface CustomerTextInput {
  restaurantName: string;
  readyInMinutes: number | null;
  /**
   * The pickup time quoted when the order was placed, on the restaurant's clock: as soon as possible ('5:40 PM'), or
   * the time the customer asked for ('today at 7:00 PM'); null when none was quoted.
   */
  pickup?: { when: string; scheduled: boolean } | null;
  /** The order's number for the day (#12), said at the counter; null for orders from before numbers existed. */
  orderNumber: number | null;
}

/**
 * The words of a pickup-time request, compared without case or accents (Chinese as written). "At 7:30 pm", "a las
 * siete y media de la tarde", "à 19 h 30", "晚上7点半"; "in an hour", "en media hora", "dans 20 minutes", "半小时后".
 */
export interface PickupTimeWords {
  /** Before a time of day, making a bare number one: 'at', 'a las', 'à', 'vers'. */
  at: string[];
  /** Before a time of day that is marked as one ('7 pm', '7:30'), as a bare number may be a quantity: 'for', 'pour'. */
  atMarked: string[];
  /** Before a wait: 'in', 'en', 'dans'. */
  in: string[];
  /** After a wait, in a language that puts it there: '后'. */
  later: string[];
  minutes: string[];
  hours: string[];
  /** Waits said in words, in minutes: 'half an hour' 30, 'an hour and a half' 90. */
  waits: Record<string, number>;
  /** After the hour: "o'clock", 'h', 'heures', '点'. */
  oClock: string[];
  /** Said after the hour, in minutes: 'y media' 30, 'et quart' 15, 'menos cuarto' −15, '半' 30. */
  pastHour: Record<string, number>;
  /** Morning and afternoon or evening marks, before or after the time: 'am', 'de la tarde', '下午'. */
  am: string[];
  pm: string[];
  noon: string[];
  midnight: string[];
  /** Said right after the time, about the pickup itself, and part of the request: 'for pickup', '取餐'. */
  trailing: string[];
}

/** Texts to the customer, one for each step of their order. Short: one SMS segment where the restaurant name allows. */
export type CustomerTexts = Record<NotificationKind, (t: CustomerTextInput) => string>;

/** ' #12', or nothing for an order without a number. */
export const orderNo = (t: CustomerTextInput) => (t.orderNumber === null ? '' : ` #${t.orderNumber}`);

/** What the assistant's tools say, in the restaurant's language. Short, single-line, speakable sentences. */
export interface Phrases {
  list(items: string[]): string;
  line(quantity: number, name: string): string;
  price(cents: Cents): string;
  menu(available: string[], soldOut: string[]): string;
  emptyMenu: string;
  /** 'Small or Large': the choices the caller can pick from. */
  orList(items: string[]): string;
  /** A menu read in its categories: 'Burritos: A and B. Drinks: C.' */
  menuInSections(sections: { name: string; items: string[] }[], soldOut: string[]): string;
  /** The heading for dishes without a category. */
  otherSection: string;
  /** A choice and what it adds: 'Large +$3.00'. */
  choice(name: string, priceDeltaCents: Cents): string;
  /** A dish with its options: 'Burrito $10.00, size Small or Large +$3.00, optional extras Cheese +$1.00'. */
  dishWithOptions(dish: string, groups: { name: string; required: boolean; choices: string[] }[]): string;
  optionMissing(dish: string, group: string, choices: string[]): string;
  optionUnknown(dish: string, said: string, choices: string[]): string;
  optionTooMany(dish: string, group: string, choices: string[]): string;
  openNow(closesAt: string): string;
  closedNow(opensAt: string | null): string;
  /** 'tomorrow at 9:00 AM', 'on Monday at 9:00 AM', 'at 9:00 AM' (later today). */
  when(daysAhead: number, dayName: string, time: string): string;
  closedRefusal(opensAt: string | null): string;
  /** '11:00 AM to 2:00 PM': one period of opening hours (the closing time may be after midnight). */
  period(open: string, close: string): string;
  /** A day with two periods: 'On Friday we are open 11:00 AM to 2:00 PM and 6:00 PM to 2:00 AM.' */
  dayPeriods(dayName: string, periods: string[]): string;
  expiredRefusal: string;
  customNotAllowed: string;
  nothingToOrder: string;
  unknownItem(name: string, closest: string[]): string;
  soldOut(name: string, alternatives: string[]): string;
  tooMany(name: string, max: number): string;
  tooManyLines(max: number): string;
  tooExpensive(max: string): string;
  badQuantity(name: string): string;
  alreadyInKitchen: string;
  /** `orderNumber` is the day's number said at the counter; `willText` whether automatic texts are on. */
  placed(
    summary: string,
    total: string | null,
    name: string | null,
    orderNumber: number | null,
    willText: boolean,
    /** The pickup sentence (`pickupAround` or `pickupAt`), said before the promise of a text. */
    pickup?: string | null,
  ): string;
  /** As soon as possible: 'It will be ready for pickup in about 25 minutes, around 5:40 PM.' */
  pickupAround(minutes: number, time: string): string;
  /** At the time asked for: 'It will be ready for pickup today at 7:00 PM.' */
  pickupAt(when: string): string;
  /** A pickup time before the kitchen can make it (or already past), with the earliest it can. */
  pickupTooSoon(earliest: string): string;
  /** A pickup time when the restaurant is closed, with the next one it can offer (null: none within a day). */
  pickupClosed(next: string | null): string;
  /** A pickup time more than a day ahead. */
  pickupTooFar: string;
  /** A pickup time that could not be read. */
  pickupUnclear: string;
  updated(summary: string, total: string | null, orderNumber: number | null): string;
  noOrderFound: string;
  orderStatus(status: OrderStatus, readyAround: string | null): string;
  transferring: string;
  noStaffLine: string;
  invalidRequest: string;
  failure: string;
}
