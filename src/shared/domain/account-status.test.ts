import { describe, expect, it } from 'vitest';
import { accountStatusLabel } from './account-status';
import type { BillingStatus, ProviderSubscriptionStatus } from './subscription';

const iso = (date: string) => date.slice(0, 10);

function account(status: BillingStatus, providerStatus: ProviderSubscriptionStatus | null, trialEnded = false) {
  return {
    plan: { status, providerStatus, currentPeriodEnd: '2026-12-03T17:00:00.000Z' },
    isTrialExpired: trialEnded,
    subscriptionStatus: status === 'trial' ? ('trial' as const) : ('active' as const),
  };
}

describe('accountStatusLabel', () => {
  it('names the first charge of a trial converted to the plan instead of a bare Active', () => {
    expect(accountStatusLabel(account('active', 'trialing'), iso)).toBe('Pro · first charge 2026-12-03');
  });

  it('keeps the one-word labels for every other state', () => {
    expect(accountStatusLabel(account('active', 'active'), iso)).toBe('Pro · Active');
    expect(accountStatusLabel(account('canceling', 'trialing'), iso)).toBe('Pro · Canceling');
    expect(accountStatusLabel(account('past_due', 'past_due'), iso)).toBe('Pro · Past due');
    expect(accountStatusLabel(account('trial', null), iso)).toBe('Trial');
    expect(accountStatusLabel(account('trial', null, true), iso)).toBe('Trial expired');
  });
});
