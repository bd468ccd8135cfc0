// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { MeResponse } from '@shared/contracts/me';
import { AuthPage } from '@web/features/auth/auth-page';
import { fakeApi, renderAt, reply, signedInOwner } from '../../../tests/render-web';
import { AdminRoute, ProtectedRoute } from './guards';

// The auth client keeps the `fetch` it finds when it is created: load the helper's forwarding fetch before it.
await vi.hoisted(() => import('../../../tests/render-web'));

const routes = [
  { path: '/login', element: <AuthPage /> },
  { path: '/onboarding', element: <p>Restaurant onboarding</p> },
  {
    element: <ProtectedRoute />,
    children: [
      { path: '/dashboard', element: <p>The order board</p> },
      { path: '/admin', element: <AdminRoute />, children: [{ index: true, element: <p>Admin dashboard</p> }] },
    ],
  },
];

/** An account that has not onboarded a restaurant (a fresh sign-up). */
const withoutRestaurant = (isAdmin: boolean): MeResponse => ({
  ...signedInOwner({ hasCompletedOnboarding: false, onboardingStep: 1 }),
  isAdmin,
});

function open(path: string, me: MeResponse) {
  fakeApi({ 'GET /api/me': reply(200, me) });
  return renderAt(path, routes);
}

describe('an administrator without a restaurant', () => {
  it('opens /admin at once, without restaurant onboarding first', async () => {
    open('/admin', withoutRestaurant(true));
    expect(await screen.findByText('Admin dashboard')).toBeInTheDocument();
  });

  it('lands on /admin after logging in, not in onboarding', async () => {
    const { location } = open('/login', withoutRestaurant(true));
    expect(await screen.findByText('Admin dashboard')).toBeInTheDocument();
    expect(location()).toBe('/admin');
  });

  it('still onboards before the restaurant’s own pages', async () => {
    open('/dashboard', withoutRestaurant(true));
    expect(await screen.findByText('Restaurant onboarding')).toBeInTheDocument();
  });

  it('an owner who is not an administrator is sent to onboarding from /admin too', async () => {
    open('/admin', withoutRestaurant(false));
    expect(await screen.findByText('Restaurant onboarding')).toBeInTheDocument();
  });
});
