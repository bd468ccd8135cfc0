import { describe, expect, it } from 'vitest';
import { dateAt, PLAN_ACCESS_CASES, PLAN_NOW, type PlanAccessCase, type When } from '../../../tests/plan-access-table';
import {
  canTakeNewOrders,
  isPaidStatus,
  PAID_STATUSES,
  planAccess,
  profileStatusFor,
  PROVIDER_SUBSCRIPTION_STATUSES,
  type PlanState,
} from './subscription';

const now = PLAN_NOW;
const seconds = (s: number) => new Date(now.getTime() + s * 1000);

const stateOf = (c: PlanAccessCase, date: (when: When) => Date | string | null = dateAt): PlanState => ({
  trialEndsAt: date(c.trialEnd),
  plan: {
    providerStatus: c.providerStatus,
    currentPeriodEnd: date(c.periodEnd),
    cancelAtPeriodEnd: c.cancelAtPeriodEnd,
  },
});
/** The dates as ISO text, the way the browser has them. */
const isoAt = (when: When) => dateAt(when)?.toISOString() ?? null;

describe('planAccess', () => {
  it('covers every provider status and none, canceling or not, × 3 trial ends × 3 period ends', () => {
    expect(PLAN_ACCESS_CASES).toHaveLength((PROVIDER_SUBSCRIPTION_STATUSES.length + 1) * 2 * 3 * 3);
    expect(new Set(PLAN_ACCESS_CASES.map((c) => c.name)).size).toBe(PLAN_ACCESS_CASES.length);
  });

  it.each(PLAN_ACCESS_CASES)('$name: $expected', (c) => {
    expect(planAccess(stateOf(c), now)).toBe(c.expected);
    expect(canTakeNewOrders(stateOf(c), now)).toBe(c.expected !== 'expired');
    expect(planAccess(stateOf(c, isoAt), now)).toBe(c.expected);
  });

  it('reads no plan at all as never subscribed', () => {
    expect(planAccess({ trialEndsAt: seconds(60), plan: null }, now)).toBe('trial');
    expect(planAccess({ trialEndsAt: seconds(-60), plan: null }, now)).toBe('expired');
    expect(planAccess({ trialEndsAt: null, plan: null }, now)).toBe('expired');
  });

  it('ends the trial at its end to the second, as trialDaysLeft reaches 0', () => {
    expect(planAccess({ trialEndsAt: seconds(1), plan: null }, now)).toBe('trial');
    expect(planAccess({ trialEndsAt: now, plan: null }, now)).toBe('expired');
  });

  it('ends a plan canceled at the period end at that end to the second', () => {
    const canceling = (end: Date) => ({
      trialEndsAt: null,
      plan: { providerStatus: 'active' as const, currentPeriodEnd: end, cancelAtPeriodEnd: true },
    });
    expect(planAccess(canceling(seconds(1)), now)).toBe('subscribed');
    expect(planAccess(canceling(now), now)).toBe('expired');
  });
});

describe('isPaidStatus', () => {
  it('counts trialing, active and past due as paying, and nothing else', () => {
    expect(PROVIDER_SUBSCRIPTION_STATUSES.filter(isPaidStatus)).toEqual(['trialing', 'active', 'past_due']);
    expect([...PAID_STATUSES].sort()).toEqual(['active', 'past_due', 'trialing']);
  });
});

describe('profileStatusFor', () => {
  it('records planAccess in the profile’s words: active, trial or none', () => {
    for (const c of PLAN_ACCESS_CASES) {
      const expected = { subscribed: 'active', trial: 'trial', expired: 'none' }[c.expected];
      expect(profileStatusFor(stateOf(c), now), c.name).toBe(expected);
    }
  });
});
