import type { Language } from '@shared/domain/languages';
import { wordsOf } from '../../ordering/text';
import type { CallContext } from '../../voice/call-context';
import type { ToolAnswer } from '../../voice/tool-types';
import { newConversation, type DraftLine } from '../engine-types';
import { rulesEngine } from '../rules-engine';
import { CORPUS_MENUS } from './menus';

/**
 * Scores the built-in assistant on single-utterance orders: each is said as the first thing in a new call, and the
 * lines it understood are compared with the expected ones line by line (dish, quantity, options, exclusions).
 *
 * An expectation is written "2 Pizza [Large, Ham] -olives; 1 Coke [Small]": lines separated by ";", each a
 * quantity, the dish's menu name, its choices in brackets, and what is left off after "-". An empty expectation means
 * no line should be taken (a question is the right answer).
 */

export interface CorpusCase {
  say: string;
  expect: string;
}

interface Line {
  quantity: number;
  dish: string;
  options: string[];
  exclusions: string[];
}

const key = (text: string) =>
  wordsOf(text)
    .map((w) => w.replace(/(es|s)$/, ''))
    .join(' ');

export function parseExpectation(expectation: string): Line[] {
  return expectation
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const match = /^(\d+)\s+([^[-]+?)\s*(?:\[([^\]]*)\])?\s*((?:-[^-]+)*)$/u.exec(part);
      if (!match) throw new Error(`Cannot read the expectation "${part}"`);
      const [, quantity, dish, options, exclusions] = match;
      return {
        quantity: Number(quantity),
        dish: dish!.trim(),
        options: (options ?? '')
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
        exclusions: (exclusions ?? '')
          .split('-')
          .map((e) => e.trim())
          .filter(Boolean),
      };
    });
}

const canonical = (line: Line) =>
  [
    line.quantity,
    key(line.dish),
    [...line.options].map(key).sort().join('|'),
    [...line.exclusions].map(key).sort().join('|'),
  ].join(' / ');

const linesOf = (lines: readonly DraftLine[]): Line[] =>
  lines.map((l) => ({
    quantity: l.quantity,
    dish: l.name,
    options: (l.options ?? []).map((o) => o.choice),
    exclusions: l.exclusions ?? [],
  }));

const describeLines = (lines: readonly Line[]) =>
  lines
    .map(
      (l) =>
        `${l.quantity} ${l.dish}${l.options.length ? ` [${l.options.join(', ')}]` : ''}${l.exclusions.map((e) => ` -${e}`).join('')}`,
    )
    .join('; ');

/** A restaurant open around the clock with this menu, generous caps, and nothing else in the way of an order. */
export function alwaysOpenContext(restaurantId: string, language: Language, menu: CallContext['menu']): CallContext {
  return {
    restaurantId,
    restaurantName: 'Corpus Kitchen',
    language,
    greeting: '',
    isBusyMode: false,
    busyMessage: 'Busy.',
    timeZone: 'UTC',
    hours: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      dayOfWeek,
      openTime: '00:00:00',
      closeTime: '24:00:00',
      isClosed: false,
    })),
    menu,
    menuVersion: `fixture:${menu.length}`,
    categories: [],
    allowCustomOrders: false,
    autoSmsEnabled: true,
    caps: { maxQuantityPerLine: 100, maxLines: 100, maxTotalCents: 100_000_000 },
    forwardingPhone: null,
    canTakeOrders: true,
  };
}

export interface CaseResult {
  say: string;
  expected: string;
  got: string;
  reply: string;
  passed: boolean;
}

/** Says one utterance to a new call and compares what was understood. */
export async function runCase(language: Language, corpusCase: CorpusCase): Promise<CaseResult> {
  const ctx = alwaysOpenContext(`corpus-${language}`, language, CORPUS_MENUS[language]);
  const greeted = rulesEngine.greet(ctx, newConversation(language, 'rules'));
  const turn = await rulesEngine.respond({
    ctx,
    conversation: { ...greeted.conversation, turn: 1 },
    text: corpusCase.say,
    tools: (name): Promise<ToolAnswer> => Promise.resolve({ result: `[${name}]` }),
  });
  const expected = parseExpectation(corpusCase.expect);
  const got = linesOf(turn.conversation.lines);
  const want = expected.map(canonical).sort();
  const have = got.map(canonical).sort();
  return {
    say: corpusCase.say,
    expected: describeLines(expected),
    got: describeLines(got),
    reply: turn.reply,
    passed: want.length === have.length && want.every((w, i) => w === have[i]),
  };
}
