import { describe, expect, it } from 'vitest';
import { extendTrial, isTrialUrgent, trialDaysLeft, trialEndFrom } from './trial';

const now = new Date('2026-11-21T12:00:00Z');
const hours = (h: number) => new Date(now.getTime() + h * 3600_000);

describe('trialEndFrom', () => {
  it('ends 7 days after the start', () => {
    expect(trialEndFrom(now).toISOString()).toBe('2026-11-28T12:00:00.000Z');
  });
});

describe('trialDaysLeft', () => {
  it('rounds partial days up', () => {
    expect(trialDaysLeft(hours(1), now)).toBe(1);
    expect(trialDaysLeft(hours(24), now)).toBe(1);
    expect(trialDaysLeft(hours(25), now)).toBe(2);
    expect(trialDaysLeft(hours(7 * 24), now)).toBe(7);
  });
  it('is 0 or below once the end has passed', () => {
    expect(trialDaysLeft(now, now)).toBe(0);
    expect(trialDaysLeft(hours(-1), now)).toBe(0);
    expect(trialDaysLeft(hours(-49), now)).toBe(-2);
  });
  it('accepts ISO strings', () => {
    expect(trialDaysLeft('2026-11-23T12:00:00Z', now)).toBe(2);
  });
});

describe('isTrialUrgent', () => {
  it('is urgent at 2 days or fewer, but not once over', () => {
    expect(isTrialUrgent(3)).toBe(false);
    expect(isTrialUrgent(2)).toBe(true);
    expect(isTrialUrgent(1)).toBe(true);
    expect(isTrialUrgent(0)).toBe(false);
  });
});

describe('extendTrial', () => {
  it('adds 7 days to an end still in the future', () => {
    const result = extendTrial({ currentEnd: hours(48), now });
    expect(result.trialEndsAt.toISOString()).toBe(hours(48 + 7 * 24).toISOString());
    expect(result.subscriptionStatus).toBe('trial');
  });
  it('adds the days to now when the trial already ended', () => {
    expect(extendTrial({ currentEnd: hours(-72), now }).trialEndsAt.toISOString()).toBe(hours(7 * 24).toISOString());
  });
  it('adds to now when there was no end, and honours a custom number of days', () => {
    expect(extendTrial({ currentEnd: null, now, days: 3 }).trialEndsAt.toISOString()).toBe(hours(72).toISOString());
  });
});
