// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@shared/contracts/admin';
import {
  auditChanges,
  auditChangeText,
  canExtendTrial,
  extendTrialRefusalOf,
  formatDate,
  formatDateTime,
  formatUptime,
  planPeriodLabel,
  statusLabel,
  trialRemainingLabel,
} from './admin-format';
import { adminUser } from './admin-test-kit';

describe('formatDateTime', () => {
  it('always names the zone: the restaurant’s when the time is about one, the browser’s otherwise', () => {
    const at = '2026-11-27T01:30:00.000Z';
    expect(formatDateTime(at, 'America/Los_Angeles')).toBe('Nov 26, 2026, 5:30 PM PST');
    expect(formatDateTime(at, 'Asia/Tokyo')).toBe('Nov 27, 2026, 10:30 AM GMT+9');
    const browserZone = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
      .formatToParts(new Date(at))
      .find((part) => part.type === 'timeZoneName')!.value;
    expect(formatDateTime(at)).toMatch(/^Nov 2[67], 2026, \d{1,2}:30 [AP]M /);
    expect(formatDateTime(at).endsWith(` ${browserZone}`)).toBe(true);
    expect(formatDateTime(null)).toBe('—');
  });
});

describe('formatUptime', () => {
  it('says how long in the two largest units', () => {
    expect(formatUptime(0)).toBe('less than a minute');
    expect(formatUptime(59)).toBe('less than a minute');
    expect(formatUptime(60)).toBe('1 minute');
    expect(formatUptime(3_599)).toBe('59 minutes');
    expect(formatUptime(3_600)).toBe('1 hour');
    expect(formatUptime(2 * 3_600 + 5 * 60 + 9)).toBe('2 hours, 5 minutes');
    expect(formatUptime(86_400 + 30)).toBe('1 day');
    expect(formatUptime(3 * 86_400 + 4 * 3_600 + 12 * 60)).toBe('3 days, 4 hours');
    expect(formatUptime(2 * 86_400 + 7 * 60)).toBe('2 days');
  });
});

describe('the audit trail in words', () => {
  const texts = (entry: Parameters<typeof auditChanges>[0]) => auditChanges(entry).map(auditChangeText);

  it('an extension: the trial end before → after; an unchanged status is left out', () => {
    const before = '2026-06-05T12:00:00.000Z';
    const after = '2026-06-12T12:00:00.000Z';
    expect(
      texts({
        before: { subscriptionStatus: 'trial', trialEndsAt: before },
        after: { subscriptionStatus: 'trial', trialEndsAt: after },
      }),
    ).toEqual([`Trial end: ${formatDate(before)} → ${formatDate(after)}`]);
    expect(
      texts({
        before: { subscriptionStatus: 'none', trialEndsAt: null },
        after: { subscriptionStatus: 'trial', trialEndsAt: after },
      }),
    ).toEqual(['Status: None → Trial', `Trial end: none → ${formatDate(after)}`]);
  });

  it('settings, in their own units', () => {
    expect(
      texts({
        before: { trialDays: 1, maxQuantityPerLine: 25, maxLines: 20, maxTotalCents: 50_000 },
        after: { trialDays: 14, maxQuantityPerLine: 30, maxLines: 20, maxTotalCents: 12_345 },
      }),
    ).toEqual([
      'Trial length: 1 day → 14 days',
      'Most of one item per line: 25 → 30',
      'Largest order total: $500 → $123.45',
    ]);
  });

  it('values only on one side, and fields it does not know by name', () => {
    expect(
      texts({
        before: { phoneStatus: 'failed', error: 'Number taken' },
        after: { phoneStatus: 'pending' },
      }),
    ).toEqual(['Phone system: Setup failed → Setting up', 'Error: Number taken']);
    expect(texts({ before: null, after: { someNewField: true } })).toEqual(['Some new field: yes']);
    expect(texts({ before: null, after: null })).toEqual([]);
  });

  it('reads: what was read, in words', () => {
    expect(
      texts({
        before: null,
        after: { search: 'luigi', filter: 'expired', sort: 'trial_end', direction: 'asc', rows: 12 },
      }),
    ).toEqual(['Search: luigi', 'Filter: Trial expired', 'Sort: Trial end', 'Order: Ascending', 'Accounts: 12']);
    expect(
      texts({ before: null, after: { search: null, filter: null, sort: 'created', direction: 'desc', rows: 0 } }),
    ).toEqual(['Search: none', 'Filter: none', 'Sort: Signed up', 'Order: Descending', 'Accounts: 0']);
    expect(texts({ before: null, after: { kind: 'password_reset', to: 'maria@example.com' } })).toEqual([
      'E-mail: Password reset',
      'To: maria@example.com',
    ]);
    expect(texts({ before: null, after: { listed: 50 } })).toEqual(['E-mails listed: 50']);
  });
});

const plan = (
  status: AdminUser['plan']['status'],
  providerStatus: AdminUser['plan']['providerStatus'],
  more: Partial<AdminUser['plan']> = {},
): AdminUser['plan'] => ({ status, providerStatus, currentPeriodEnd: null, cancelAtPeriodEnd: false, ...more });

describe('statusLabel', () => {
  it('a paid plan says most, then the trial', () => {
    expect(statusLabel(adminUser())).toBe('Trial');
    expect(statusLabel(adminUser({ isTrialExpired: true }))).toBe('Trial expired');
    expect(
      statusLabel(
        adminUser({ subscriptionStatus: 'active', plan: plan('canceling', 'active', { cancelAtPeriodEnd: true }) }),
      ),
    ).toBe('Pro · Canceling');
    expect(statusLabel(adminUser({ subscriptionStatus: 'none', plan: plan('canceled', 'canceled') }))).toBe(
      'Pro · Canceled',
    );
  });

  it('names the first charge of a trial converted to the plan, and its period says it is free until then', () => {
    const firstCharge = '2026-12-03T18:00:00.000Z';
    const converted = adminUser({
      subscriptionStatus: 'active',
      plan: plan('active', 'trialing', { currentPeriodEnd: firstCharge }),
    });
    const day = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' }).format(new Date(firstCharge));
    expect(statusLabel(converted)).toBe(`Pro · first charge ${day}`);
    expect(planPeriodLabel(converted)).toBe(`Free until ${formatDate(firstCharge)}, then billed monthly`);
    // A paid renewal keeps its words.
    expect(planPeriodLabel({ ...converted, plan: plan('active', 'active', { currentPeriodEnd: firstCharge }) })).toBe(
      `Renews on ${formatDate(firstCharge)}`,
    );
  });

  it('shows no trial days left beside a subscription, even one an old Extend Trial marked as a trial', () => {
    const extendedWhilePaying = adminUser({
      subscriptionStatus: 'trial',
      trialDaysLeft: 14,
      plan: plan('active', 'active', { currentPeriodEnd: '2026-12-03T18:00:00.000Z' }),
    });
    expect(trialRemainingLabel(extendedWhilePaying)).toBeNull();
    expect(trialRemainingLabel(adminUser({ trialDaysLeft: 14 }))).toBe('14 days left');
  });

  it('offers Extend Trial only while the billing page shows no subscription', () => {
    expect(canExtendTrial(adminUser())).toBe(true);
    expect(canExtendTrial(adminUser({ plan: plan('canceled', 'canceled') }))).toBe(true);
    for (const [status, providerStatus] of [
      ['active', 'active'],
      ['active', 'trialing'],
      ['canceling', 'active'],
      ['past_due', 'past_due'],
      ['past_due', 'unpaid'],
    ] as const) {
      const user = adminUser({ plan: plan(status, providerStatus, { cancelAtPeriodEnd: status === 'canceling' }) });
      expect(canExtendTrial(user)).toBe(false);
      expect(extendTrialRefusalOf(user)).toMatch(/^The /);
    }
  });
});
