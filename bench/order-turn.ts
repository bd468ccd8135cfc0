/**
 * `npm run bench` part: the cost of one turn of the built-in assistant on the largest menu (200 dishes, 10 other
 * names each, 6 option groups × 12 choices) with a 1,000-character message, in this process: the lexicon built once
 * per menu version, then each turn (reading the words, matching the menu, the reply). Target: a turn ≤ 50 ms at p95.
 *
 * Env: BENCH_TURNS (200), BENCH_SMOKE=1 (a 20-dish menu, 5 turns, no target judged).
 */
import { performance } from 'node:perf_hooks';
import { menuLexicon } from '../src/server/modules/language';
import { newConversation } from '../src/server/modules/test-calls/engine-types';
import { rulesEngine } from '../src/server/modules/test-calls/rules-engine';
import { alwaysOpenContext } from '../src/server/modules/test-calls/corpus/score';
import { fullOrSmoke, machineFacts, numberFromEnv, printTable, smokeNote, verdict } from './lib/harness';
import { largeMenu, longTurn } from './lib/large-menu';
import { formatMs, summarize } from './lib/stats';

const TURN_P95_TARGET_MS = 50;
const turns = numberFromEnv('BENCH_TURNS', fullOrSmoke(200, 5), 1);

const menu = largeMenu(fullOrSmoke(200, 20));
const text = longTurn(menu);
const ctx = alwaysOpenContext('bench-large-menu', 'en', menu);

const buildStarted = performance.now();
menuLexicon(ctx.restaurantId, menu, 'en');
const buildMs = performance.now() - buildStarted;

async function turn(): Promise<{ ms: number; lines: number }> {
  const greeted = rulesEngine.greet(ctx, newConversation('en', 'rules'));
  const started = performance.now();
  const answer = await rulesEngine.respond({
    ctx,
    conversation: { ...greeted.conversation, turn: 1 },
    text,
    tools: (name) => Promise.resolve({ result: `[${name}]` }),
  });
  return { ms: performance.now() - started, lines: answer.conversation.lines.length };
}

// The first turn builds the lexicon in the call's language; it is timed apart.
const first = await turn();
const times: number[] = [];
let lines = 0;
for (let i = 0; i < turns; i++) {
  const result = await turn();
  times.push(result.ms);
  lines = result.lines;
}
const summary = summarize(times);
console.log(
  `\nOne turn of the built-in assistant: ${menu.length} dishes, a ${text.length}-character message, ${turns} turns`,
);
console.log(JSON.stringify(machineFacts()));
smokeNote();
printTable(
  ['measure', 'value', 'target', 'result'],
  [
    ['menu lexicon built (first use)', formatMs(buildMs), '-', '-'],
    ['first turn (lexicon in the call language)', formatMs(first.ms), '-', '-'],
    ['turn p50', formatMs(summary.p50), '-', '-'],
    [
      'turn p95',
      formatMs(summary.p95),
      `≤ ${TURN_P95_TARGET_MS} ms`,
      verdict(summary.p95 <= TURN_P95_TARGET_MS, { pass: 'ok', fail: 'FAIL' }),
    ],
    ['turn max', formatMs(summary.max), '-', '-'],
    ['order lines understood', String(lines), '-', '-'],
  ],
);
// The message names several dishes: a turn that understands none of them is broken, whatever its speed.
if (lines === 0) {
  console.error('FAIL  the turn understood no order line');
  process.exitCode = 1;
}
