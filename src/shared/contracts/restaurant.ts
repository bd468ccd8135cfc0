import { z } from 'zod';
import { isValidContactPhone, isValidUsPhone, toE164 } from '../domain/phone';
import { LANGUAGE_CODES } from '../domain/languages';
import { ONBOARDING_STEP_COUNT } from '../domain/onboarding';
import type { PhoneSystemStatus } from '../domain/phone-system';
import { normalizeTime } from '../domain/hours';
import { DEFAULT_MENU_PREP_MINUTES } from '../domain/orders';
import { readDollars, type Cents, type DollarsProblem } from '../domain/money';
import { MSG } from '../messages';

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

const requiredText = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

/**
 * The staff line calls are transferred to: the same rule as the restaurant's own number, stored in E.164 (the form
 * the voice provider dials). Empty or null clears it; leaving the field out keeps what is stored.
 */
const forwardingPhone = z
  .string()
  .trim()
  .max(30, 'Staff phone line must be at most 30 characters')
  .nullish()
  .refine((v) => !v || (isValidContactPhone(v) && toE164(v) !== null), MSG.invalidPhone)
  .transform((v) => (v === undefined ? undefined : v ? toE164(v)! : null));

export const restaurantInfoSchema = z.object({
  restaurantName: requiredText('Restaurant name', 120),
  phoneNumber: requiredText('Phone number', 30).refine(isValidContactPhone, MSG.invalidPhone),
  address: requiredText('Address', 300),
  timezone: z.string().trim().min(1, 'Time zone is required').refine(isValidTimeZone, 'Choose a valid time zone'),
  forwardingPhone,
});
export type RestaurantInfo = z.infer<typeof restaurantInfoSchema>;

const timeOfDay = z
  .string()
  .refine((v) => normalizeTime(v) !== null, 'Use a time like 09:00')
  .transform((v) => normalizeTime(v)!);

export const dayHoursSchema = z
  .object({
    dayOfWeek: z.number().int().min(0).max(6),
    openTime: timeOfDay,
    closeTime: timeOfDay,
    isClosed: z.boolean(),
  })
  .refine((d) => d.isClosed || d.closeTime > d.openTime, {
    message: 'Closing time must be after opening time',
    path: ['closeTime'],
  });

export const businessHoursSchema = z.object({
  hours: z
    .array(dayHoursSchema)
    .length(7, 'Give hours for all seven days')
    .refine((days) => new Set(days.map((d) => d.dayOfWeek)).size === 7, 'Each day of the week must appear once'),
});
export type BusinessHoursInput = z.infer<typeof businessHoursSchema>;

export const botPreferencesSchema = z.object({
  language: z.enum(LANGUAGE_CODES, 'Choose a language'),
  greetingMessage: requiredText('Greeting', 500),
  busyMessage: requiredText('Busy message', 500),
});
export type BotPreferencesInput = z.infer<typeof botPreferencesSchema>;

export const preferencesSchema = z.object({
  autoSmsEnabled: z.boolean(),
  /** Whether the assistant takes off-menu requests; left out, it stays as it is. */
  allowCustomOrders: z.boolean().optional(),
});
export type PreferencesInput = z.infer<typeof preferencesSchema>;

/** A menu price is under $10,000. */
export const MAX_PRICE_CENTS: Cents = 999_999;

/** The same sentences whether the browser checks typed dollars or the server checks cents. */
const PRICE_MESSAGES: Record<DollarsProblem, string> = {
  notANumber: 'Price must be a number',
  negative: 'Price cannot be negative',
  tooManyDecimals: 'Price can have at most two decimals',
  tooLarge: 'Price must be under $10,000',
};

/** A price in integer cents; a fraction of a cent is a dollar amount with more than two decimals. */
const priceCents = z
  .number(PRICE_MESSAGES.notANumber)
  .int(PRICE_MESSAGES.tooManyDecimals)
  .min(0, PRICE_MESSAGES.negative)
  .max(MAX_PRICE_CENTS, PRICE_MESSAGES.tooLarge);

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
  .refine(
    (names) => names.every((n) => n.length <= MAX_MENU_ALIAS_LENGTH),
    `Each other name must be at most ${MAX_MENU_ALIAS_LENGTH} characters`,
  )
  .refine((names) => names.length <= MAX_MENU_ALIASES, `Give at most ${MAX_MENU_ALIASES} other names`);

const menuAliases = aliasNames.nullish().transform((names) => names ?? []);

/** Saving fills a missing price with 0 and a missing prep time with 15 minutes, as the spec says. */
export const menuItemSchema = z.object({
  name: requiredText('Name', 120),
  /** Left out or null, the dish has no other names (a PUT replaces the list, like every other field). */
  aliases: menuAliases,
  description: z
    .string()
    .trim()
    .max(500, 'Description must be at most 500 characters')
    .nullish()
    .transform((v) => v || null),
  priceCents: priceCents.nullish().transform((v) => v ?? 0),
  preparationTime: z
    .number('Prep time must be a number')
    .int('Prep time must be whole minutes')
    .min(1, 'Prep time must be at least 1 minute')
    .max(240, 'Prep time must be at most 240 minutes')
    .nullish()
    .transform((v) => v ?? DEFAULT_MENU_PREP_MINUTES),
  isAvailable: z.boolean().optional(),
});
export type MenuItemInput = z.input<typeof menuItemSchema>;

/** Dollars as typed ('12.50', '$12.50'; empty = no price) → cents, with the messages the API uses for cents. */
const priceText = z
  .string()
  .transform((text, ctx) => {
    if (text.trim() === '') return null;
    const read = readDollars(text);
    if (read.ok) return read.cents;
    ctx.addIssue({ code: 'custom', message: PRICE_MESSAGES[read.problem] });
    return z.NEVER;
  })
  .pipe(priceCents.nullable());

/** Other names as typed in one box, separated by commas (a Chinese comma or 、 counts too). */
const aliasesText = z
  .string()
  .optional()
  .transform((text) => (text ?? '').split(/[,，、]/))
  .pipe(aliasNames);

/**
 * The menu item form: the price is the dollars text box, checked in the browser with the messages shown next to the
 * field, and turned into the request body (`priceCents`) that menuItemSchema takes.
 */
export const menuItemFormSchema = menuItemSchema
  .omit({ priceCents: true })
  .extend({ price: priceText, aliases: aliasesText })
  .transform(({ price, ...item }) => ({ ...item, priceCents: price ?? 0 }));
export type MenuItemFormInput = z.input<typeof menuItemFormSchema>;

export const onboardingStepSchema = z.object({ step: z.number().int().min(1).max(ONBOARDING_STEP_COUNT) });

/** The payment step: a confirmed number of the owner's own, or a request for a new dedicated number. */
export const completeOnboardingSchema = z
  .object({
    // Only looked at when the owner keeps their own number; a request for a new one ignores whatever is typed.
    phoneNumber: z
      .string()
      .nullish()
      .transform((v) => v?.trim() ?? ''),
    confirmedAccess: z.boolean().default(false),
    requestNewNumber: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.requestNewNumber) return;
    if (!isValidUsPhone(v.phoneNumber))
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: MSG.invalidPhone });
    else if (!v.confirmedAccess)
      ctx.addIssue({ code: 'custom', path: ['confirmedAccess'], message: MSG.confirmPhoneAccess });
  });
export type CompleteOnboardingInput = z.input<typeof completeOnboardingSchema>;

export interface RestaurantResponse {
  restaurantName: string;
  phoneNumber: string;
  address: string;
  timezone: string | null;
  /** The staff line for transfers, E.164, or null when none is set. */
  forwardingPhone: string | null;
  onboardingStep: number;
  hasCompletedOnboarding: boolean;
}

export interface BotPreferencesResponse extends BotPreferencesInput {
  autoSmsEnabled: boolean;
  /** Stored on the restaurant; the assistant reads it on every call. */
  allowCustomOrders: boolean;
  isBusyMode: boolean;
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
}

export interface PhoneSystemResponse {
  status: PhoneSystemStatus;
  agentId: string | null;
  phoneNumber: string | null;
  phoneNumberPending: boolean;
  error: string | null;
  provider: string;
  agentDashboardUrl: string | null;
}
