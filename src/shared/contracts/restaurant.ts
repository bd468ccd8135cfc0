import { z } from 'zod';
import { isValidUsPhone } from '../domain/phone';
import { normalizeTime } from '../domain/hours';
import { DEFAULT_MENU_PREP_MINUTES } from '../domain/orders';
import { MSG } from '../messages';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Spanish' },
  { code: 'fr', label: 'French' },
  { code: 'zh', label: 'Chinese' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

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

const phoneDigits = (value: string) => value.replace(/\D/g, '').length;

export const restaurantInfoSchema = z.object({
  restaurantName: requiredText('Restaurant name', 120),
  phoneNumber: requiredText('Phone number', 30).refine(
    (v) => phoneDigits(v) >= 10 && phoneDigits(v) <= 15 && /^[\d\s().+-]+$/.test(v),
    MSG.invalidPhone,
  ),
  address: requiredText('Address', 300),
  timezone: z.string().trim().min(1, 'Time zone is required').refine(isValidTimeZone, 'Choose a valid time zone'),
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
  language: z.enum(['en', 'es', 'fr', 'zh'], 'Choose a language'),
  greetingMessage: requiredText('Greeting', 500),
  busyMessage: requiredText('Busy message', 500),
});
export type BotPreferencesInput = z.infer<typeof botPreferencesSchema>;

export const preferencesSchema = z.object({
  autoSmsEnabled: z.boolean(),
});

const money = z
  .number('Price must be a number')
  .min(0, 'Price cannot be negative')
  .max(10_000, 'Price must be under $10,000')
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), 'Price can have at most two decimals');

/** Saving fills a missing price with 0 and a missing prep time with 15 minutes, as the spec says. */
export const menuItemSchema = z.object({
  name: requiredText('Name', 120),
  description: z
    .string()
    .trim()
    .max(500, 'Description must be at most 500 characters')
    .nullish()
    .transform((v) => v || null),
  price: money.nullish().transform((v) => v ?? 0),
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

export const onboardingStepSchema = z.object({ step: z.number().int().min(1).max(6) });

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

export type PhoneSystemStatus = 'not_started' | 'pending' | 'active' | 'failed';

export interface RestaurantResponse {
  restaurantName: string;
  phoneNumber: string;
  address: string;
  timezone: string | null;
  onboardingStep: number;
  hasCompletedOnboarding: boolean;
}

export interface BotPreferencesResponse extends BotPreferencesInput {
  autoSmsEnabled: boolean;
  isBusyMode: boolean;
  isSaved: boolean;
}

export interface MenuItem {
  id: string;
  name: string;
  description: string | null;
  price: number;
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
