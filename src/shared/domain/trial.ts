import { TRIAL_DAYS } from '../product';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a new account's trial ends: sign-up time plus the trial length. */
export function trialEndFrom(start: Date, days: number = TRIAL_DAYS): Date {
  return new Date(start.getTime() + days * DAY_MS);
}

/** Whole days left, rounded up: 1 second left is 1 day; an end in the past is 0 or below. */
export function trialDaysLeft(trialEndsAt: Date | string, now: Date = new Date()): number {
  const end = typeof trialEndsAt === 'string' ? new Date(trialEndsAt) : trialEndsAt;
  // `|| 0` turns the -0 that Math.ceil gives for a just-passed end into 0.
  return Math.ceil((end.getTime() - now.getTime()) / DAY_MS) || 0;
}

export const TRIAL_URGENT_DAYS = 2;

export function isTrialUrgent(daysLeft: number): boolean {
  return daysLeft > 0 && daysLeft <= TRIAL_URGENT_DAYS;
}

export const EXTEND_TRIAL_DEFAULT_DAYS = 7;

/**
 * The admin's Extend Trial: days are added to the current end when it is still in the future, otherwise to now.
 * The account goes back to 'trial' either way.
 */
export function extendTrial({
  currentEnd,
  now = new Date(),
  days = EXTEND_TRIAL_DEFAULT_DAYS,
}: {
  currentEnd: Date | string | null;
  now?: Date;
  days?: number;
}): { subscriptionStatus: 'trial'; trialEndsAt: Date } {
  const end = currentEnd ? new Date(currentEnd) : null;
  const base = end && end.getTime() > now.getTime() ? end : now;
  return { subscriptionStatus: 'trial', trialEndsAt: new Date(base.getTime() + days * DAY_MS) };
}

export function pluralDays(n: number): string {
  return `${n} ${n === 1 ? 'day' : 'days'}`;
}
