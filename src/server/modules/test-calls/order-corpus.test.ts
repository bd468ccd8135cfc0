import { describe, expect, it } from 'vitest';
import type { Language } from '@shared/domain/languages';
import { CORPUS } from './corpus';
import { parseExpectation, runCase, type CaseResult } from './corpus/score';

/**
 * The order corpus: single-utterance orders in many phrasings and four languages, said to the built-in assistant
 * and scored line by line. The score is printed on every run; each language must stay at or above its floor.
 */
const FLOOR = 0.95;
/** Hundreds of calls in one test: a loaded machine needs longer than a unit test's default. */
const TIME_PER_LANGUAGE = 60_000;

describe('order corpus', () => {
  it('has at least 300 orders, every expectation readable', () => {
    const all = Object.values(CORPUS).flat();
    expect(all.length).toBeGreaterThanOrEqual(300);
    for (const c of all) expect(() => parseExpectation(c.expect)).not.toThrow();
  });

  it.each(Object.keys(CORPUS) as Language[])(
    '%s: at least 95% exactly right',
    async (language) => {
      const results: CaseResult[] = [];
      for (const c of CORPUS[language]) results.push(await runCase(language, c));
      const passed = results.filter((r) => r.passed).length;
      const failures = results.filter((r) => !r.passed);
      console.log(
        `Order corpus [${language}]: ${passed} of ${results.length} exactly right (${((100 * passed) / results.length).toFixed(1)}%)` +
          failures
            .map(
              (f) =>
                `\n  ✗ "${f.say}"\n      expected: ${f.expected}\n      got:      ${f.got}\n      reply:    ${f.reply}`,
            )
            .join(''),
      );
      expect(passed / results.length).toBeGreaterThanOrEqual(FLOOR);
    },
    TIME_PER_LANGUAGE,
  );
});
