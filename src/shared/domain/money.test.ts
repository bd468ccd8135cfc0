import { describe, expect, it } from 'vitest';
import {
  centsFromNumeric,
  formatCents,
  isCents,
  multiplyCents,
  numericFromCents,
  parseDollars,
  readDollars,
  sumCents,
} from './money';

describe('cents arithmetic', () => {
  it('3 × $4.10 + $0.20 is exactly $12.50', () => {
    const total = sumCents([multiplyCents(410, 3), 20]);
    expect(total).toBe(1250);
    expect(formatCents(total)).toBe('$12.50');
    // What the same sum in float dollars gives, and why amounts are cents.
    expect(4.1 * 3 + 0.2).not.toBe(12.5);
  });

  it('gets right what float dollars get wrong', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumCents([10, 20])).toBe(30);
    expect(formatCents(sumCents([10, 20]))).toBe('$0.30');

    expect(4.35 * 100).not.toBe(435);
    expect(parseDollars('4.35')).toBe(435);
    expect(centsFromNumeric('4.35')).toBe(435);

    expect(1.005 * 1000).not.toBe(1005);
    expect(parseDollars('1.005')).toBeNull();
    expect(() => centsFromNumeric('1.005')).toThrow(RangeError);

    expect(1.15 * 3).not.toBe(3.45);
    expect(multiplyCents(115, 3)).toBe(345);
  });

  it('sums any number of amounts, none at all being 0', () => {
    expect(sumCents([])).toBe(0);
    expect(sumCents([1400, 1150, 1150, 500])).toBe(4200);
    expect(sumCents(new Set([1, 2, 3]))).toBe(6);
    expect(sumCents([500, -125])).toBe(375);
  });

  it('multiplies by whole quantities only', () => {
    expect(multiplyCents(1399, 0)).toBe(0);
    expect(multiplyCents(1399, 7)).toBe(9793);
    expect(() => multiplyCents(1399, 1.5)).toThrow(RangeError);
    expect(() => multiplyCents(12.5, 2)).toThrow(RangeError);
  });

  it('refuses fractions of a cent and amounts beyond safe integers instead of rounding', () => {
    expect(() => sumCents([1, 0.5])).toThrow(RangeError);
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
    expect(() => multiplyCents(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
    expect(() => sumCents([Number.NaN])).toThrow(RangeError);
    expect(isCents(1250)).toBe(true);
    expect(isCents(12.5)).toBe(false);
    expect(isCents('1250')).toBe(false);
  });
});

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [99, '$0.99'],
    [1250, '$12.50'],
    [1299, '$12.99'],
    [3900, '$39.00'],
    [123_456_789, '$1,234,567.89'],
    [-310, '-$3.10'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('matches Intl currency formatting of the same amount', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const cents of [0, 1, 10, 999, 1000, 12_345, 100_000, 99_999_999, -1, -123_456])
      expect(formatCents(cents)).toBe(intl.format(cents / 100));
  });

  it('drops zero cents only when asked', () => {
    expect(formatCents(3900, { omitZeroCents: true })).toBe('$39');
    expect(formatCents(3950, { omitZeroCents: true })).toBe('$39.50');
    expect(formatCents(390_000, { omitZeroCents: true })).toBe('$3,900');
    expect(formatCents(0, { omitZeroCents: true })).toBe('$0');
  });

  it('refuses a fraction of a cent', () => {
    expect(() => formatCents(12.5)).toThrow(RangeError);
  });
});

describe('parseDollars', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['$12.50', 1250],
    ['  $ 12.50 ', 1250],
    ['0', 0],
    ['0.00', 0],
    ['.75', 75],
    ['12.', 1200],
    ['007.05', 705],
    ['1,234.56', 123_456],
    ['9999.99', 999_999],
    ['0.1', 10],
    ['0.01', 1],
  ])('%j → %i cents', (text, cents) => {
    expect(parseDollars(text)).toBe(cents);
    expect(readDollars(text)).toEqual({ ok: true, cents });
  });

  it.each([
    ['', 'notANumber'],
    ['   ', 'notANumber'],
    ['abc', 'notANumber'],
    ['12abc', 'notANumber'],
    ['1e3', 'notANumber'],
    ['12.5.0', 'notANumber'],
    ['$', 'notANumber'],
    ['.', 'notANumber'],
    ['1,23', 'notANumber'],
    ['12,50', 'notANumber'],
    ['--1', 'notANumber'],
    ['+5', 'notANumber'],
    ['Infinity', 'notANumber'],
    ['0x10', 'notANumber'],
    ['-1', 'negative'],
    ['-$4.50', 'negative'],
    ['$-4.50', 'negative'],
    ['-0', 'negative'],
    ['1.005', 'tooManyDecimals'],
    ['12.500', 'tooManyDecimals'],
    ['12345678901234', 'tooLarge'],
  ] as const)('%j is refused as %s', (text, problem) => {
    expect(parseDollars(text)).toBeNull();
    expect(readDollars(text)).toEqual({ ok: false, problem });
  });
});

describe('numeric text', () => {
  it.each([
    ['12.50', 1250],
    ['0.00', 0],
    ['-0.00', 0],
    ['4.10', 410],
    ['0.05', 5],
    ['-3.10', -310],
    ['7', 700],
    ['12.5', 1250],
    ['12.500', 1250],
    ['99999999.99', 9_999_999_999],
  ])('%j → %i cents', (text, cents) => {
    expect(centsFromNumeric(text)).toBe(cents);
  });

  it('reads a number through its shortest decimal form', () => {
    expect(centsFromNumeric(12.5)).toBe(1250);
    expect(centsFromNumeric(4.35)).toBe(435);
    expect(centsFromNumeric(0)).toBe(0);
  });

  it.each(['NaN', '', 'abc', '1.005', '1e3', '$1.00', '1,000.00', '12.50.1'])('refuses %j', (text) => {
    expect(() => centsFromNumeric(text)).toThrow(RangeError);
  });

  it.each([
    [1250, '12.50'],
    [0, '0.00'],
    [5, '0.05'],
    [99, '0.99'],
    [100, '1.00'],
    [-5, '-0.05'],
    [-310, '-3.10'],
    [9_999_999_999, '99999999.99'],
  ])('%i cents → %j', (cents, text) => {
    expect(numericFromCents(cents)).toBe(text);
    expect(centsFromNumeric(numericFromCents(cents))).toBe(cents);
  });

  it('refuses a fraction of a cent', () => {
    expect(() => numericFromCents(0.5)).toThrow(RangeError);
  });
});
