import { Outlet, type RouteObject } from 'react-router';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, vi } from 'vitest';
import type {
  AdminAuditEntry,
  AdminOperations,
  AdminStats,
  AdminUser,
  AdminUserDetails,
} from '@shared/contracts/admin';
import type { MeResponse } from '@shared/contracts/me';
import { signedInOwner } from '../../../../tests/render-web';

/** Fixtures and browser stand-ins for the admin screens' component tests. */

const DAY_MS = 24 * 60 * 60 * 1000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

export const ADMIN_ID = '00000000-0000-4000-8000-0000000000ad';

export function adminMe(): MeResponse {
  const me = signedInOwner({ hasCompletedOnboarding: true });
  return { ...me, isAdmin: true, user: { id: ADMIN_ID, name: 'Ada Admin', email: 'admin@example.com' } };
}

export const stats: AdminStats = { totalUsers: 42, activeTrials: 12, expiredTrials: 5, completedOnboarding: 30 };

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Maria Rossi',
    email: 'maria@example.com',
    restaurantName: "Maria's Trattoria",
    subscriptionStatus: 'trial',
    trialEndsAt: daysFromNow(3),
    trialDaysLeft: 3,
    isTrialExpired: false,
    hasCompletedOnboarding: true,
    onboardingStep: 6,
    createdAt: daysFromNow(-4),
    plan: { status: 'trial', providerStatus: null, currentPeriodEnd: null, cancelAtPeriodEnd: false },
    phoneStatus: 'active',
    lastOrderAt: null,
    ...overrides,
  };
}

export function auditEntry(overrides: Partial<AdminAuditEntry> = {}): AdminAuditEntry {
  return {
    id: 'a1',
    at: daysFromNow(-1),
    action: 'extend_trial',
    actor: { id: ADMIN_ID, email: 'admin@example.com' },
    targetUserId: '11111111-1111-4111-8111-111111111111',
    before: { subscriptionStatus: 'trial', trialEndsAt: '2026-06-05T12:00:00.000Z' },
    after: { subscriptionStatus: 'trial', trialEndsAt: '2026-06-12T12:00:00.000Z' },
    ...overrides,
  };
}

export function adminDetails(overrides: Partial<AdminUserDetails> = {}): AdminUserDetails {
  return {
    ...adminUser(),
    subscription: null,
    phone: { status: 'active', error: null, phoneNumber: '+15551234567', canRetry: false },
    orders: { last7Days: 4, last30Days: 19 },
    timeZone: 'America/Los_Angeles',
    lastCall: null,
    audit: [],
    ...overrides,
  };
}

export function operations(overrides: Partial<AdminOperations> = {}): AdminOperations {
  return {
    app: { version: '1.4.2', startedAt: daysFromNow(-3), uptimeSeconds: 3 * 86_400 + 4 * 3_600, database: 'postgres' },
    providers: [
      { kind: 'payments', provider: 'Stripe', mode: 'live' },
      { kind: 'texts', provider: 'Local outbox', mode: 'test' },
      { kind: 'voice', provider: 'Vapi', mode: 'live' },
      { kind: 'llm', provider: 'Built-in assistant', mode: 'test' },
    ],
    webhooks: [
      {
        provider: 'stripe',
        lastReceivedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
        receivedCount: 120,
        rejectedCount: 2,
        lastRejectedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
        lastRejectedStatus: 401,
      },
      {
        provider: 'vapi',
        lastReceivedAt: null,
        receivedCount: 0,
        rejectedCount: 0,
        lastRejectedAt: null,
        lastRejectedStatus: null,
      },
    ],
    jobs: {
      queues: [
        { name: 'send-sms', queued: 3, active: 1, failed: 1 },
        { name: 'provision-phone', queued: 0, active: 0, failed: 0 },
      ],
      failed: [
        {
          id: '22222222-2222-4222-8222-222222222222',
          queue: 'send-sms',
          createdAt: daysFromNow(-1),
          failedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
          retryCount: 3,
          error: 'Twilio answered 500',
        },
      ],
    },
    texts: {
      failedLast24h: 2,
      recent: [{ id: 't1', at: daysFromNow(-0.1), restaurantName: "Luigi's", error: 'Unreachable number' }],
    },
    modelUsage: {
      dailyLimitPerAccount: 300,
      periodDays: 7,
      days: [
        {
          day: '2026-05-02',
          accountId: 'owner-1',
          restaurantName: "Luigi's",
          email: 'luigi@example.com',
          requests: 300,
          refused: 12,
        },
        {
          day: '2026-05-02',
          accountId: 'owner-2',
          restaurantName: null,
          email: 'new@example.com',
          requests: 41,
          refused: 0,
        },
        {
          day: '2026-05-01',
          accountId: 'owner-1',
          restaurantName: "Luigi's",
          email: 'luigi@example.com',
          requests: 87,
          refused: 0,
        },
      ],
    },
    settings: { trialDays: 7, maxQuantityPerLine: 25, maxLines: 20, maxTotalCents: 50_000, updatedAt: null },
    audit: [],
    ...overrides,
  };
}

/** The full URLs (query included) that were fetched for one path, oldest first. */
export function urlsFetched(path: string): URL[] {
  const calls = vi.mocked(fetch).mock.calls;
  return calls
    .map(
      ([input]) => new URL(typeof input === 'string' ? input : 'href' in input ? input.href : input.url, location.href),
    )
    .filter((url) => url.pathname === path);
}

/**
 * What jsdom lacks and these screens use: media queries (the phone layout, the toaster's reduced-motion check).
 * Call before rendering; render-web unstubs after each test.
 */
export function stubBrowser({ phone = false }: { phone?: boolean } = {}) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  toast.remove();
});

/** The routes, with the app's toaster beside them so tests read toasts as the admin does. */
export function withToaster(routes: RouteObject[]): RouteObject[] {
  return [
    {
      element: (
        <>
          <Outlet />
          <Toaster />
        </>
      ),
      children: routes,
    },
  ];
}
