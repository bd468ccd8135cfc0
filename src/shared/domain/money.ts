/**
 * Money is a whole number of US cents everywhere in code: in the database mapping, on the wire, in the browser.
 * Arithmetic on amounts goes through this module and stays in integers; dollars exist only as text, parsed from
 * what a person types, read from the database's numeric columns, or formatted for display.
 */

/** A whole number of US cents (1250 is $12.50). Always a safe integer. */
export type Cents = number;

export const isCents = (value: unknown): value is Cents => Number.isSafeInteger(value);

function checked(value: number, what: string): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number of cents, got ${value}`);
  return value;
}

/** The sum of the amounts; throws rather than lose a cent (a fraction of a cent, or beyond safe integers). */
export function sumCents(amounts: Iterable<Cents>): Cents {
  let total = 0;
  for (const amount of amounts) total = checked(total + checked(amount, 'An amount'), 'A sum');
  return total;
}

/** `unit × quantity`, e.g. a line's price; the quantity must be a whole number. */
export function multiplyCents(unit: Cents, quantity: number): Cents {
  checked(unit, 'A unit price');
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`A quantity must be a whole number, got ${quantity}`);
  return checked(unit * quantity, 'A product');
}

/**
 * A whole number with en-US thousands separators ('1,234,567'). Done by hand: a page's first Intl formatter costs it
 * tens of milliseconds of main thread, which the sign-in pages would pay at load for a price they never show.
 */
const groupThousands = (whole: number) => String(whole).replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * '$12.50', '$1,234.05', '-$3.10' (en-US, USD). With `omitZeroCents`, a whole-dollar amount drops its cents:
 * '$39' (the plan price); other amounts keep both digits.
 */
export function formatCents(cents: Cents, { omitZeroCents = false }: { omitZeroCents?: boolean } = {}): string {
  checked(cents, 'An amount');
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  const rest = magnitude % 100;
  // An exact quotient: magnitude − rest is a multiple of 100.
  const dollars = `$${groupThousands((magnitude - rest) / 100)}`;
  if (omitZeroCents && rest === 0) return `${sign}${dollars}`;
  return `${sign}${dollars}.${String(rest).padStart(2, '0')}`;
}

/** Why typed dollars were refused; the form maps each to its own sentence. */
export type DollarsProblem = 'notANumber' | 'negative' | 'tooManyDecimals' | 'tooLarge';

/** Up to this many dollar digits: any more and the amount in cents could stop being a safe integer. */
const MAX_DOLLAR_DIGITS = 13;

/** Digits with optional thousands separators in proper groups ('1,234'), then optionally '.' and decimals. */
const DOLLARS = /^(?:(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?|\.(\d+))$/;

/**
 * Reads an amount typed in dollars: '12', '12.5', '12.50', '$12.50', ' $1,234.50 ', '.75'. A minus sign anywhere
 * in front makes it `negative`; more than two decimals is `tooManyDecimals`, even if they are zeros ('1.500').
 * The empty string is `notANumber`: a form decides itself what an empty field means.
 */
export function readDollars(text: string): { ok: true; cents: Cents } | { ok: false; problem: DollarsProblem } {
  let rest = text.trim();
  let negative = false;
  if (rest.startsWith('-')) [negative, rest] = [true, rest.slice(1).trimStart()];
  if (rest.startsWith('$')) rest = rest.slice(1).trimStart();
  if (!negative && rest.startsWith('-')) [negative, rest] = [true, rest.slice(1).trimStart()];

  const match = DOLLARS.exec(rest);
  if (!match) return { ok: false, problem: 'notANumber' };
  if (negative) return { ok: false, problem: 'negative' };
  const whole = (match[1] ?? '').replaceAll(',', '').replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? match[3] ?? '';
  if (fraction.length > 2) return { ok: false, problem: 'tooManyDecimals' };
  if (whole.length > MAX_DOLLAR_DIGITS) return { ok: false, problem: 'tooLarge' };
  return { ok: true, cents: Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0')) };
}

/** Dollars typed into a form → cents, or null for anything but a plain non-negative amount (see readDollars). */
export function parseDollars(text: string): Cents | null {
  const result = readDollars(text);
  return result.ok ? result.cents : null;
}

const NUMERIC = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * The text PostgreSQL gives for a `numeric` value ('12.50', '0.00', '-3.1', '7') → cents, by string arithmetic.
 * Throws for anything that is not a whole number of cents ('NaN', '1.005') rather than round it.
 * A number is accepted too and read through its shortest decimal form, which is exact for every numeric(10, 2).
 */
export function centsFromNumeric(value: string | number): Cents {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = NUMERIC.exec(text);
  if (!match) throw new RangeError(`Not a numeric amount: ${JSON.stringify(value)}`);
  const [, minus, whole = '', fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(2))) throw new RangeError(`Not a whole number of cents: ${text}`);
  const digits = `${whole}${fraction.slice(0, 2).padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  const cents = Number(digits);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount out of range: ${text}`);
  return minus && cents !== 0 ? -cents : cents;
}

/** Cents → the decimal text a `numeric` column takes and a dollars input shows: 1250 → '12.50', -5 → '-0.05'. */
export function numericFromCents(cents: Cents): string {
  checked(cents, 'An amount');
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
