import { describe, expect, it } from 'vitest';
import {
  CONTROL_CHARACTER_MESSAGE,
  hasControlCharacter,
  isSingleLine,
  multiLineText,
  requiredText,
  SINGLE_LINE_MESSAGE,
  singleLineText,
} from './text';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('text fields', () => {
  it('finds NUL, the other C0 controls and DEL, but not the whitespace of multi-line text', () => {
    for (const c of ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u000e', '\u001b', '\u001f', '\u007f']) {
      expect(hasControlCharacter(`a${c}b`), JSON.stringify(c)).toBe(true);
    }
    for (const c of ['\t', '\n', '\r', ' ', 'é', '😀', '\u2028']) {
      expect(hasControlCharacter(`a${c}b`), JSON.stringify(c)).toBe(false);
    }
  });

  it('tells one line from several: tabs and every kind of line break end a single line', () => {
    expect(isSingleLine('Pad Thai, extra spicy 🌶')).toBe(true);
    for (const c of ['\t', '\n', '\r', '\r\n', '\u0085', '\u2028', '\u2029']) {
      expect(isSingleLine(`Pad${c}Thai`), JSON.stringify(c)).toBe(false);
    }
  });

  it('trims a single line, then refuses a tab or line break inside it', () => {
    const name = singleLineText();
    expect(name.parse('\t Pad Thai \n')).toBe('Pad Thai');
    expect(messages(name.safeParse('Pad\tThai'))).toEqual([SINGLE_LINE_MESSAGE]);
    expect(messages(name.safeParse('Pad\nThai'))).toEqual([SINGLE_LINE_MESSAGE]);
    expect(messages(name.safeParse('Pad\r\nThai'))).toEqual([SINGLE_LINE_MESSAGE]);
  });

  it('keeps tabs and line breaks inside multi-line text, trimmed at its ends', () => {
    const description = multiLineText();
    expect(description.parse('\nRice noodles,\n\ttamarind\r\n  ')).toBe('Rice noodles,\n\ttamarind');
  });

  it('refuses a control character in either kind, before any other rule', () => {
    expect(messages(singleLineText().max(3, 'long').safeParse('Pad\u0000Thai'))[0]).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(messages(multiLineText().safeParse('Two\u001b[31m rolls'))).toEqual([CONTROL_CHARACTER_MESSAGE]);
  });

  it('gives a required field the house messages', () => {
    const name = requiredText('Name', 5);
    expect(messages(name.safeParse('   '))).toEqual(['Name is required']);
    expect(messages(name.safeParse(42))).toEqual(['Name is required']);
    expect(messages(name.safeParse('Burrito'))).toEqual(['Name must be at most 5 characters']);
    expect(name.parse(' Taco ')).toBe('Taco');
    expect(messages(name.safeParse('Ta\tco'))).toEqual([SINGLE_LINE_MESSAGE]);
    expect(requiredText('Greeting', 20, { multiLine: true }).parse('Hi!\nWelcome.')).toBe('Hi!\nWelcome.');
  });
});
