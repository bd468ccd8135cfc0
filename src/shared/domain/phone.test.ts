import { describe, expect, it } from 'vitest';
import { formatPhoneDisplay, isValidUsPhone, toE164 } from './phone';

describe('formatPhoneDisplay', () => {
  it('shows 10 digits as (XXX) XXX-XXXX whatever the separators', () => {
    expect(formatPhoneDisplay('5551234567')).toBe('(555) 123-4567');
    expect(formatPhoneDisplay('555.123.4567')).toBe('(555) 123-4567');
  });
  it('shows 11 digits as +N (XXX) XXX-XXXX', () => {
    expect(formatPhoneDisplay('15551234567')).toBe('+1 (555) 123-4567');
    expect(formatPhoneDisplay('+1 555 123 4567')).toBe('+1 (555) 123-4567');
  });
  it('leaves anything else unchanged', () => {
    expect(formatPhoneDisplay('12345')).toBe('12345');
    expect(formatPhoneDisplay('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhoneDisplay('')).toBe('');
    expect(formatPhoneDisplay(null)).toBe('');
  });
});

describe('isValidUsPhone', () => {
  it.each(['5551234567', '555-123-4567', '(555) 123-4567', '(555)123-4567', '555.123.4567', '555 123 4567'])(
    'accepts %s',
    (value) => expect(isValidUsPhone(value)).toBe(true),
  );
  it.each(['555-1234', '55512345678', '(555 123-4567', '555_123_4567', 'abc-def-ghij', '', '555--123-4567'])(
    'rejects %s',
    (value) => expect(isValidUsPhone(value)).toBe(false),
  );
});

describe('toE164', () => {
  it('normalises North American numbers', () => {
    expect(toE164('(555) 123-4567')).toBe('+15551234567');
    expect(toE164('1-555-123-4567')).toBe('+15551234567');
  });
  it('keeps an international number written with +', () => {
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
  });
  it('returns null for something that cannot be a phone number', () => {
    expect(toE164('12345')).toBeNull();
    expect(toE164('25551234567')).toBeNull();
  });
});
