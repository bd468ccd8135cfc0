// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { MeResponse } from '@shared/contracts/me';
import { fakeApi, renderAt, reply, signedInOwner } from '../../../../tests/render-web';
import { BusyModeToggle, PLAN_ENDED_DESCRIPTION } from './busy-mode-toggle';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

const bot = (isBusyMode: boolean) => ({
  language: 'en',
  greetingMessage: 'Hello!',
  busyMessage: 'We are busy.',
  autoSmsEnabled: true,
  allowCustomOrders: true,
  isBusyMode,
  isSaved: true,
});

function renderToggle(me: MeResponse, { isBusyMode = false } = {}) {
  fakeApi({ 'GET /api/me': reply(200, me), 'GET /api/restaurant/bot': reply(200, bot(isBusyMode)) });
  renderAt('/dashboard', [{ path: '/dashboard', element: <BusyModeToggle /> }]);
}

/** The switch, once the setting has loaded and the card says `description`. */
async function busyModeSwitch(description: string) {
  const toggle = await screen.findByRole('switch', { name: 'Busy Mode' });
  await waitFor(() => {
    expect(toggle).toBeEnabled();
    expect(toggle).toHaveAccessibleDescription(description);
  });
  return toggle;
}

describe('Busy Mode card', () => {
  it('says the assistant takes phone orders during the trial', async () => {
    renderToggle(signedInOwner({ hasCompletedOnboarding: true }));
    await busyModeSwitch('Off: your assistant is taking phone orders.');
  });

  it.each([
    ['the trial has run out', { subscriptionStatus: 'trial', trialEndsAt: daysFromNow(-1) }],
    ['the account has no plan', { subscriptionStatus: 'none', trialEndsAt: daysFromNow(-10) }],
  ] as const)('says no new orders are taken once %s', async (_, restaurant) => {
    renderToggle(signedInOwner({ hasCompletedOnboarding: true, ...restaurant }));
    await busyModeSwitch(PLAN_ENDED_DESCRIPTION);
  });

  it('says so with Busy Mode on too', async () => {
    renderToggle(signedInOwner({ hasCompletedOnboarding: true, subscriptionStatus: 'none', trialEndsAt: null }), {
      isBusyMode: true,
    });
    await busyModeSwitch(PLAN_ENDED_DESCRIPTION);
  });
});
