import { z } from 'zod';
import { isValidContactPhone, isValidUsPhone, toE164 } from '../domain/phone';
import { LANGUAGE_CODES } from '../domain/languages';
import { ONBOARDING_STEP_COUNT } from '../domain/onboarding';
import type { PhoneSystemStatus } from '../domain/phone-system';
import { DAYS_OF_WEEK, endTimeOf, findOverlap, normalizeTime } from '../domain/hours';
import { DEFAULT_MENU_PREP_MINUTES } from '../domain/orders';
import { BUSY_MODE_DURATIONS } from '../domain/busy-mode';
import { MAX_KITCHEN_CAPACITY, MIN_KITCHEN_CAPACITY } from '../domain/pickup-quote';
import { formatCents, readDollars, type Cents, type DollarsProblem } from '../domain/money';
import { lowestUnitPrice, MENU_OPTION_LIMITS, type MenuOptionGroup } from '../domain/menu-options';
import { MSG } from '../messages';
import { normalizePhoneCode } from '../domain/phone-verification';
import { PHONE_CODE_MESSAGES, phoneCode, verificationId } from './phone-verification';
import {
  CONTROL_CHARACTER_MESSAGE,
  hasControlCharacter,
  isSingleLine,
  multiLineText,
  requiredText,
  SINGLE_LINE_MESSAGE,
  singleLineText,
  tooLong,
} from './text';

export const DEFAULT_BUSY_MESSAGE = 'We are currently busy, please call again later.';
export const defaultGreeting = (restaurantName: string) =>
  `Welcome to ${restaurantName || 'our restaurant'}! How can I help you today?`;

export function isValidTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The staff line calls are transferred to: the same rule as the restaurant's own number, stored in E.164 (the form
 * the voice provider dials). Empty or null clears it; leaving the field out keeps what is stored.
 */
export const KITCHEN_CAPACITY_MESSAGE = `Enter a whole number from ${MIN_KITCHEN_CAPACITY} to ${MAX_KITCHEN_CAPACITY}`;

const kitchenCapacity = z
  .number(KITCHEN_CAPACITY_MESSAGE)
  .int(KITCHEN_CAPACITY_MESSAGE)
  .min(MIN_KITCHEN_CAPACITY, KITCHEN_CAPACITY_MESSAGE)
  .max(MAX_KITCHEN_CAPACITY, KITCHEN_CAPACITY_MESSAGE);

/** The kitchen capacity as typed in the settings form ('3'): the same rule, from text. */
export const kitchenCapacityText = z
  .string()
  .trim()
  .regex(/^\d{1,3}$/, KITCHEN_CAPACITY_MESSAGE)
  .transform(Number)
  .pipe(kitchenCapacity);

const forwardingPhone = singleLineText()
  .max(30, tooLong('Staff phone line', 30))
  .nullish()
  .refine((v) => !v || (isValidContactPhone(v) && toE164(v) !== null), MSG.invalidPhone)
  .transform((v) => (v === undefined ? undefined : v ? toE164(v)! : null));

export const restaurantInfoSchema = z.object({
  restaurantName: requiredText('Restaurant name', 120),
  phoneNumber: requiredText('Phone number', 30).refine(isValidContactPhone, MSG.invalidPhone),
  // A <textarea>: an address may run over two lines.
  address: requiredText('Address', 300, { multiLine: true }),
  timezone: singleLineText()
    .min(1, 'Time zone is required')
    .max(100, 'Choose a valid time zone')
    .refine(isValidTimeZone, 'Choose a valid time zone'),
  forwardingPhone,
  /** "Orders the kitchen works on at once", for pickup times; left out, it stays as it is. */
  kitchenCapacity: kitchenCapacity.optional(),
});
export type RestaurantInfo = z.infer<typeof restaurantInfoSchema>;

const timeOfDay = z
  .string()
  .refine((v) => normalizeTime(v) !== null, 'Use a time like 09:00')
  .transform((v) => normalizeTime(v)!);

/** A second period's time: empty, null or left out when the day has one period. */
const optionalTimeOfDay = z
  .string()
  .nullish()
  .refine((v) => !v || normalizeTime(v) !== null, 'Use a time like 09:00')
  .transform((v) => (v ? normalizeTime(v)! : null));

/** What is wrong with a day's hours, next to the field to fix. */
export const HOURS_MESSAGES = {
  sameTimes: 'Closing time must be after opening time',
  secondOpeningMissing: 'Add an opening time for the second period',
  secondClosingMissing: 'Add a closing time for the second period',
  periodsOverlap: 'The two periods overlap',
  overlapsDayBefore: (day: string, until: string) => `Overlaps ${day}'s hours, which run until ${until}`,
} as const;

/**
 * A day's hours: one period, or two (lunch and dinner). A closing time before the opening time is after midnight
 * (18:00–02:00); the same time for both is a mistake. A closed day's times are kept but not checked, and a half-typed
 * second period on a closed day is dropped.
 */
export const dayHoursSchema = z
  .object({
    dayOfWeek: z.number().int().min(0).max(6),
    openTime: timeOfDay,
    closeTime: timeOfDay,
    openTime2: optionalTimeOfDay,
    closeTime2: optionalTimeOfDay,
    isClosed: z.boolean(),
  })
  .superRefine((d, ctx) => {
    if (d.isClosed) return;
    const problem = (path: keyof typeof d, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (d.closeTime === d.openTime) problem('closeTime', HOURS_MESSAGES.sameTimes);
    if (d.closeTime2 && !d.openTime2) problem('openTime2', HOURS_MESSAGES.secondOpeningMissing);
    if (d.openTime2 && !d.closeTime2) problem('closeTime2', HOURS_MESSAGES.secondClosingMissing);
    if (d.openTime2 && d.openTime2 === d.closeTime2) problem('closeTime2', HOURS_MESSAGES.sameTimes);
  })
  .transform((d) => (d.openTime2 && d.closeTime2 ? d : { ...d, openTime2: null, closeTime2: null }));

export const businessHoursSchema = z.object({
  hours: z
    .array(dayHoursSchema)
    .length(7, 'Give hours for all seven days')
    .refine((days) => new Set(days.map((d) => d.dayOfWeek)).size === 7, 'Each day of the week must appear once')
    .superRefine((days, ctx) => {
      const overlap = findOverlap(days);
      if (!overlap) return;
      const { earlier, later } = overlap;
      ctx.addIssue({
        code: 'custom',
        path: [days.findIndex((d) => d.dayOfWeek === later.dayOfWeek), later.period === 1 ? 'openTime' : 'openTime2'],
        message:
          earlier.dayOfWeek === later.dayOfWeek
            ? HOURS_MESSAGES.periodsOverlap
            : HOURS_MESSAGES.overlapsDayBefore(DAYS_OF_WEEK[earlier.dayOfWeek]!, endTimeOf(earlier).slice(0, 5)),
      });
    }),
});
export type BusinessHoursInput = z.infer<typeof businessHoursSchema>;

export const botPreferencesSchema = z.object({
  language: z.enum(LANGUAGE_CODES, 'Choose a language'),
  greetingMessage: requiredText('Greeting', 500, { multiLine: true }),
  busyMessage: requiredText('Busy message', 500, { multiLine: true }),
});
export type BotPreferencesInput = z.infer<typeof botPreferencesSchema>;

export const preferencesSchema = z.object({
  autoSmsEnabled: z.boolean(),
  /** Whether the assistant takes off-menu requests; left out, it stays as it is. */
  allowCustomOrders: z.boolean().optional(),
});
export type PreferencesInput = z.infer<typeof preferencesSchema>;

/**
 * Busy mode on or off. Switched on with a duration it ends by itself that many minutes later; without one it stays
 * on until switched off. `{isBusyMode}` alone keeps its original meaning.
 */
export const busyModeSchema = z
  .object({
    isBusyMode: z.boolean('Say whether busy mode is on'),
    durationMinutes: z
      .literal(
        BUSY_MODE_DURATIONS,
        `Busy mode can last ${BUSY_MODE_DURATIONS.slice(0, -1).join(', ')} or ${BUSY_MODE_DURATIONS.at(-1)} minutes; leave the duration out to stay busy until switched off`,
      )
      .nullish(),
  })
  .refine((v) => v.isBusyMode || v.durationMinutes == null, {
    message: 'Only switching busy mode on takes a duration',
    path: ['durationMinutes'],
  });
export type BusyModeInput = z.input<typeof busyModeSchema>;

/** The answer to a busy mode change, as the live event carries it too. */
export interface BusyModeResponse {
  isBusyMode: boolean;
  /** When it ends by itself (ISO 8601); left out while it is on until switched off, and while it is off. */
  busyUntil?: string;
}

/** A menu price is under $10,000. */
export const MAX_PRICE_CENTS: Cents = 999_999;

/** The same sentences whether the browser checks typed dollars or the server checks cents. */
export const PRICE_MESSAGES: Record<DollarsProblem, string> = {
  notANumber: 'Price must be a number',
  negative: 'Price cannot be negative',
  tooManyDecimals: 'Price can have at most two decimals',
  tooLarge: 'Price must be under $10,000',
};

export const MENU_PRICE_REQUIRED = 'Please enter a price';

/** A price in integer cents; a fraction of a cent is a dollar amount with more than two decimals. */
export const priceCents = z
  .number(PRICE_MESSAGES.notANumber)
  .int(PRICE_MESSAGES.tooManyDecimals)
  .min(0, PRICE_MESSAGES.negative)
  .max(MAX_PRICE_CENTS, PRICE_MESSAGES.tooLarge);

/** The most dishes one menu holds: the assistant reads the whole menu on every call. */
export const MAX_MENU_ITEMS = 500;
export const MAX_MENU_ALIASES = 10;
export const MAX_MENU_ALIAS_LENGTH = 60;

/**
 * Other names a dish answers to, in any language ("pollo burrito", "鸡肉卷"): trimmed, blanks and repeats dropped.
 * Problems are reported on the list as a whole, so the form shows them next to its one text box.
 */
const aliasNames = z
  .array(z.string('Other names must be text'), 'Other names must be a list of names')
  .transform((names) => {
    const kept = new Map<string, string>();
    for (const name of names) {
      const trimmed = name.trim();
      if (trimmed && !kept.has(trimmed.toLowerCase())) kept.set(trimmed.toLowerCase(), trimmed);
    }
    return [...kept.values()];
  })
  .refine((names) => !names.some(hasControlCharacter), CONTROL_CHARACTER_MESSAGE)
  .refine((names) => names.every(isSingleLine), SINGLE_LINE_MESSAGE)
  .refine(
    (names) => names.every((n) => n.length <= MAX_MENU_ALIAS_LENGTH),
    `Each other name must be at most ${MAX_MENU_ALIAS_LENGTH} characters`,
  )
  .refine((names) => names.length <= MAX_MENU_ALIASES, `Give at most ${MAX_MENU_ALIASES} other names`);

const menuAliases = aliasNames.nullish().transform((names) => names ?? []);

const optionName = (label: string) => requiredText(label, MENU_OPTION_LIMITS.nameLength);

const MAX_DELTA_TEXT = formatCents(MENU_OPTION_LIMITS.maxDeltaCents);
const PRICE_CHANGE_MESSAGES = {
  notANumber: 'Price change must be an amount like 3.00 or -1.00',
  tooManyDecimals: 'Price change can have at most two decimals',
  tooLarge: `Price change must be at most ${MAX_DELTA_TEXT} either way`,
} as const;

/** What one choice adds to the dish's price, in cents; may be 0 or take money off. Left out, it is 0. */
const priceDeltaCents = z
  .number(PRICE_CHANGE_MESSAGES.notANumber)
  .int(PRICE_CHANGE_MESSAGES.tooManyDecimals)
  .min(-MENU_OPTION_LIMITS.maxDeltaCents, PRICE_CHANGE_MESSAGES.tooLarge)
  .max(MENU_OPTION_LIMITS.maxDeltaCents, PRICE_CHANGE_MESSAGES.tooLarge);

/** Names must differ within their list, whatever their case; the repeat is named. */
function flagRepeats(
  names: readonly string[],
  ctx: z.RefinementCtx,
  path: (i: number) => PropertyKey[],
  message: string,
) {
  const seen = new Set<string>();
  names.forEach((name, i) => {
    const key = name.trim().toLowerCase();
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: path(i), message });
    seen.add(key);
  });
}

export const menuOptionGroupSchema = z
  .object({
    name: optionName('Option name'),
    required: z.boolean('Say whether the choice is required').default(false),
    multiple: z.boolean('Say whether several choices may be taken').default(false),
    choices: z
      .array(
        z.object({
          name: optionName('Choice name'),
          priceDeltaCents: priceDeltaCents.nullish().transform((v) => v ?? 0),
        }),
        'Choices must be a list',
      )
      .min(1, 'Add at least one choice')
      .max(
        MENU_OPTION_LIMITS.choicesPerGroup,
        `Give at most ${MENU_OPTION_LIMITS.choicesPerGroup} choices in one option`,
      ),
  })
  .superRefine((group, ctx) => {
    if (group.required && group.multiple) {
      ctx.addIssue({ code: 'custom', path: ['multiple'], message: 'A required option takes exactly one choice' });
    }
    flagRepeats(
      group.choices.map((c) => c.name),
      ctx,
      (i) => ['choices', i, 'name'],
      'Each choice needs its own name',
    );
  });

const menuOptions = z
  .array(menuOptionGroupSchema, 'Options must be a list')
  .max(MENU_OPTION_LIMITS.groupsPerItem, `Give at most ${MENU_OPTION_LIMITS.groupsPerItem} options per dish`)
  .superRefine((groups, ctx) =>
    flagRepeats(
      groups.map((g) => g.name),
      ctx,
      (i) => [i, 'name'],
      'Each option needs its own name',
    ),
  )
  .nullish()
  .transform((groups): MenuOptionGroup[] => groups ?? []);

const categoryId = z
  .uuid('Choose one of your categories')
  .nullish()
  .transform((v) => v ?? null);

const menuItemShape = z.object({
  name: requiredText('Name', 120),
  /** Left out or null, the dish has no other names (a PUT replaces the list, like every other field). */
  aliases: menuAliases,
  description: multiLineText()
    .max(500, tooLong('Description', 500))
    .nullish()
    .transform((v) => v || null),
  /** Required: a dish saved without a price would be sold for $0.00. */
  priceCents: priceCents
    .nullish()
    .refine((v) => v !== null && v !== undefined, MENU_PRICE_REQUIRED)
    // The refine let no null or undefined through; as a transform's output the key is required in the type too.
    .transform((v): Cents => v),
  preparationTime: z
    .number('Prep time must be a number')
    .int('Prep time must be whole minutes')
    .min(1, 'Prep time must be at least 1 minute')
    .max(240, 'Prep time must be at most 240 minutes')
    .nullish()
    .transform((v) => v ?? DEFAULT_MENU_PREP_MINUTES),
  isAvailable: z.boolean().optional(),
  /** Left out or null: no category (the menu lists the dish under "Other"). */
  categoryId,
  /** Sizes and extras; left out or null, none. */
  options: menuOptions,
});

/** No combination of choices may bring the dish below $0.00. */
function checkLowestPrice(item: { priceCents: Cents; options: MenuOptionGroup[] }, ctx: z.RefinementCtx) {
  if (lowestUnitPrice(item.priceCents, item.options) < 0) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'The choices cannot bring the price below $0.00' });
  }
}

/**
 * A dish needs a price: one left out or null is refused with 'Please enter a price' (400), as the form refuses it,
 * never saved as $0.00. A missing prep time is 15 minutes, as the spec says.
 */
export const menuItemSchema = menuItemShape.superRefine(checkLowestPrice);
export type MenuItemInput = z.input<typeof menuItemSchema>;

/** Dollars as typed ('12.50', '$12.50'); empty is 'Please enter a price', never a silent $0.00. */
export const priceText = z
  .string()
  .transform((text, ctx) => {
    if (text.trim() === '') {
      ctx.addIssue({ code: 'custom', message: MENU_PRICE_REQUIRED });
      return z.NEVER;
    }
    const read = readDollars(text);
    if (read.ok) return read.cents;
    ctx.addIssue({ code: 'custom', message: PRICE_MESSAGES[read.problem] });
    return z.NEVER;
  })
  .pipe(priceCents);

/** A price change as typed: '3', '+3.00', '-1.50', '$3'; empty is no change. */
export function readPriceChange(text: string): { ok: true; cents: Cents } | { ok: false; message: string } {
  let rest = text.trim();
  if (rest === '') return { ok: true, cents: 0 };
  let sign = 1;
  if (rest.startsWith('+')) rest = rest.slice(1);
  else if (rest.startsWith('-') || rest.startsWith('−')) [sign, rest] = [-1, rest.slice(1)];
  const read = readDollars(rest);
  if (!read.ok) {
    if (read.problem === 'tooManyDecimals') return { ok: false, message: PRICE_CHANGE_MESSAGES.tooManyDecimals };
    return {
      ok: false,
      message: read.problem === 'tooLarge' ? PRICE_CHANGE_MESSAGES.tooLarge : PRICE_CHANGE_MESSAGES.notANumber,
    };
  }
  if (read.cents > MENU_OPTION_LIMITS.maxDeltaCents) return { ok: false, message: PRICE_CHANGE_MESSAGES.tooLarge };
  return { ok: true, cents: sign * read.cents || 0 };
}

const priceChangeText = z.string().transform((text, ctx) => {
  const read = readPriceChange(text);
  if (read.ok) return read.cents;
  ctx.addIssue({ code: 'custom', message: read.message });
  return z.NEVER;
});

/** Other names as typed in one box, separated by commas (a Chinese comma or 、 counts too). */
const aliasesText = z
  .string()
  .optional()
  .transform((text) => (text ?? '').split(/[,，、]/))
  .pipe(aliasNames);

/** An option group as the form edits it: the price changes are text boxes. */
const optionGroupForm = z.object({
  name: optionName('Option name'),
  required: z.boolean(),
  multiple: z.boolean(),
  choices: z.array(z.object({ name: optionName('Choice name'), priceChange: priceChangeText })),
});

/**
 * The menu item form: the price is the dollars text box, checked in the browser with the messages shown next to the
 * field, and turned into the request body (`priceCents`) that menuItemSchema takes; the options' price changes are
 * checked the same way (`options.0.choices.1.priceChange`), then the whole body is checked as the API checks it.
 */
export const menuItemFormSchema = menuItemShape
  .omit({ priceCents: true, options: true })
  .extend({
    price: priceText,
    aliases: aliasesText,
    options: z.array(optionGroupForm).optional(),
  })
  .transform(({ price, options, ...item }) => ({
    ...item,
    priceCents: price,
    options: (options ?? []).map((g) => ({
      name: g.name,
      required: g.required,
      multiple: g.multiple,
      choices: g.choices.map((c) => ({ name: c.name, priceDeltaCents: c.priceChange })),
    })),
  }))
  .transform((body, ctx) => {
    const checked = menuItemSchema.safeParse(body);
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
    return z.NEVER;
  });
export type MenuItemFormInput = z.input<typeof menuItemFormSchema>;

export const onboardingStepSchema = z.object({ step: z.number().int().min(1).max(ONBOARDING_STEP_COUNT) });

const paymentNumberShape = {
  // Only looked at when the owner keeps their own number; a request for a new one ignores whatever is typed.
  phoneNumber: z
    .string()
    .nullish()
    .transform((v) => v?.trim() ?? ''),
  confirmedAccess: z.boolean().default(false),
  requestNewNumber: z.boolean().default(false),
};

/** The spec's checks of an own number, in its order: a valid US number, then the ticked access statement. */
function checkOwnNumber(v: { phoneNumber: string; confirmedAccess: boolean }, ctx: z.RefinementCtx): boolean {
  if (!isValidUsPhone(v.phoneNumber)) {
    ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: MSG.invalidPhone });
    return false;
  }
  if (!v.confirmedAccess) {
    ctx.addIssue({ code: 'custom', path: ['confirmedAccess'], message: MSG.confirmPhoneAccess });
    return false;
  }
  return true;
}

/** The payment step before a code is asked for: the number and the statement, or a request for a new number. */
export const paymentNumberSchema = z.object(paymentNumberShape).superRefine((v, ctx) => {
  if (!v.requestNewNumber) checkOwnNumber(v, ctx);
});

/**
 * The payment step: a number of the owner's own, proven by the code texted to it (the ticked statement alone proves
 * nothing), or a request for a new dedicated number, which needs neither.
 */
export const completeOnboardingSchema = z
  .object({
    ...paymentNumberShape,
    verificationId: z.string().optional(),
    code: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.requestNewNumber || !checkOwnNumber(v, ctx)) return;
    if (!v.code) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: PHONE_CODE_MESSAGES.required });
      return;
    }
    const code = phoneCode.safeParse(v.code);
    if (!code.success) ctx.addIssue({ code: 'custom', path: ['code'], message: PHONE_CODE_MESSAGES.format });
    else if (!verificationId.safeParse(v.verificationId).success)
      ctx.addIssue({ code: 'custom', path: ['verificationId'], message: PHONE_CODE_MESSAGES.missingVerification });
  })
  .transform((v) => ({ ...v, code: v.code === undefined ? undefined : normalizePhoneCode(v.code) }));
export type CompleteOnboardingInput = z.input<typeof completeOnboardingSchema>;

export interface RestaurantResponse {
  restaurantName: string;
  phoneNumber: string;
  address: string;
  timezone: string | null;
  /** The staff line for transfers, E.164, or null when none is set. */
  forwardingPhone: string | null;
  /** "Orders the kitchen works on at once". */
  kitchenCapacity: number;
  onboardingStep: number;
  hasCompletedOnboarding: boolean;
}

export interface BotPreferencesResponse extends BotPreferencesInput {
  autoSmsEnabled: boolean;
  /** Stored on the restaurant; the assistant reads it on every call. */
  allowCustomOrders: boolean;
  /** Whether busy mode is on right now: one whose end time has passed is off. */
  isBusyMode: boolean;
  /** When busy mode ends by itself (ISO 8601); null while it is on until switched off, and while it is off. */
  busyUntil: string | null;
  isSaved: boolean;
}

export interface MenuItem {
  id: string;
  name: string;
  /** Other names callers may use for the dish; empty when it has none. */
  aliases: string[];
  description: string | null;
  priceCents: Cents;
  preparationTime: number;
  isAvailable: boolean;
  /** The dish's category, or null: listed under "Other". */
  categoryId: string | null;
  /** Sizes and extras with their price changes; empty when it has none. */
  options: MenuOptionGroup[];
}

export interface PhoneSystemResponse {
  status: PhoneSystemStatus;
  agentId: string | null;
  phoneNumber: string | null;
  phoneNumberPending: boolean;
  error: string | null;
  provider: string;
  agentDashboardUrl: string | null;
  /**
   * Whether the number is proven to be this restaurant's: a code texted to it was entered, or the voice provider
   * assigned it. An unproven number (stored on a ticked box alone, before proof was asked for) goes to another
   * restaurant that proves it.
   */
  phoneNumberVerified: boolean;
}
