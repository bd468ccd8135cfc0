/**
 * Rendering the web app's screens in jsdom for component tests: the providers the app uses, a memory router, and a
 * fake PickupLine API behind `fetch`. The fake answers by method and path with the server's JSON shapes, so tests do
 * not depend on how the browser code builds its requests (query hooks, API client).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, expect, vi } from 'vitest';
import type { MeResponse } from '@shared/contracts/me';
import type { PlanSummary } from '@shared/contracts/billing';
import type { BillingStatus, ProviderSubscriptionStatus } from '@shared/domain/subscription';

/**
 * Some clients keep the `fetch` they find when their module loads (better-auth's client does). This forwarder makes
 * them call whatever `fetch` is current, so `vi.stubGlobal('fetch', …)` reaches them as well, and without a fake
 * nothing reaches the network. A test file that renders such a client must load this module first (see
 * auth-page.test.tsx).
 */
const forwardingFetch: typeof fetch = (input, init) =>
  globalThis.fetch === forwardingFetch
    ? Promise.reject(new Error('No fake API: call fakeApi() before rendering anything that talks to the server'))
    : globalThis.fetch(input, init);
globalThis.fetch = forwardingFetch;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

export interface SentRequest {
  method: string;
  /** The URL's path, without the query string. */
  path: string;
  /** The JSON body, parsed; undefined when there was none. */
  body: unknown;
}

export interface Reply {
  status: number;
  body?: unknown;
}

export const reply = (status: number, body?: unknown): Reply => ({ status, body });

/** 'METHOD /path', where a path segment may be a `:param`. */
type RouteKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;
export type FakeRoutes = Partial<Record<RouteKey, Reply | ((request: SentRequest) => Reply)>>;

function routeMatcher(key: string) {
  const [method, pattern] = key.split(' ') as [string, string];
  const regex = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`);
  return (request: SentRequest) => request.method === method && regex.test(request.path);
}

function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/**
 * Replaces `fetch` with a fake PickupLine API. Unknown routes answer 404 `{error: 'Not found'}`, as the server does.
 * Every request is recorded, in order.
 */
export function fakeApi(routes: FakeRoutes) {
  const handlers = Object.entries(routes).map(([key, handler]) => ({ matches: routeMatcher(key), handler }));
  const requests: SentRequest[] = [];

  const answerOf = (request: SentRequest) => {
    const handler = handlers.find((h) => h.matches(request))?.handler;
    if (!handler) return undefined;
    return typeof handler === 'function' ? handler(request) : handler;
  };
  // GET /api/me/session is, on the server, GET /api/me's answer wrapped as {me}, or {me: null} with 200 for a
  // visitor: a test that fakes GET /api/me fakes both, unless it fakes the session route itself.
  const answer = (request: SentRequest): Reply => {
    const direct = answerOf(request);
    if (direct) return direct;
    if (request.method === 'GET' && request.path === '/api/me/session') {
      const me = answerOf({ ...request, path: '/api/me' });
      if (me?.status === 401) return reply(200, { me: null });
      if (me) return me.status === 200 ? reply(200, { me: me.body }) : me;
    }
    return reply(404, { error: 'Not found' });
  };

  const fetchImpl = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const raw = typeof input === 'string' ? input : 'href' in input ? input.href : input.url;
    const url = new URL(raw, window.location.href);
    const method = (
      init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET')
    ).toUpperCase();
    const request: SentRequest = { method, path: url.pathname, body: parseBody(init?.body) };
    requests.push(request);
    const { status, body } = answer(request);
    const hasBody = body !== undefined && status !== 204;
    return Promise.resolve(
      new Response(hasBody ? JSON.stringify(body) : null, {
        status,
        headers: hasBody ? { 'content-type': 'application/json' } : undefined,
      }),
    );
  };
  vi.stubGlobal('fetch', vi.fn(fetchImpl));

  return {
    requests,
    /** Requests that would change something on the server (anything but GET). */
    writes: () => requests.filter((r) => r.method !== 'GET'),
    /** The bodies sent to one route, e.g. bodiesOf('PUT /api/restaurant'). */
    bodiesOf: (key: RouteKey) => requests.filter(routeMatcher(key)).map((r) => r.body),
  };
}

/** Renders `routes` at `path` inside the app's providers: React Query (no retries) and a memory router. */
export function renderAt(path: string, routes: RouteObject[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([...routes, { path: '*', element: <p>Somewhere else</p> }], {
    initialEntries: [path],
  });
  const user = userEvent.setup({ delay: null });
  /** Replaces a field's text with one paste: what a person ends up with, without a re-render per key. */
  const fill = async (field: HTMLElement, text: string) => {
    await user.clear(field);
    if (text) await user.paste(text);
  };
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, user, fill, router, location: () => router.state.location.pathname };
}

/**
 * GET /api/me for a signed-in owner; by default mid-way through onboarding with every step reachable, on the trial
 * and not subscribed.
 */
export function signedInOwner(
  restaurant: Partial<MeResponse['restaurant']> = {},
  plan: Partial<PlanSummary> = {},
): MeResponse {
  return {
    user: { id: 'user-1', name: 'Maria Rossi', email: 'maria@example.com' },
    isAdmin: false,
    emailVerified: true,
    testMode: true,
    smsProvider: 'local',
    restaurant: {
      restaurantName: "Maria's Trattoria",
      hasCompletedOnboarding: false,
      onboardingStep: 6,
      subscriptionStatus: 'trial',
      trialEndsAt: new Date(Date.now() + 5 * 24 * 60 * 60 * 1000).toISOString(),
      timeZone: 'UTC',
      ...restaurant,
    },
    plan: {
      status: 'trial',
      providerStatus: PROVIDER_STATUS_BEHIND[plan.status ?? 'trial'],
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      subscriptionId: null,
      ...plan,
    },
  };
}

/** The provider's status behind a plan given only by its billing status (the one planAccess reads). */
const PROVIDER_STATUS_BEHIND: Record<BillingStatus, ProviderSubscriptionStatus | null> = {
  trial: null,
  active: 'active',
  canceling: 'active',
  past_due: 'past_due',
  canceled: 'canceled',
};

/** The error message a field announces: the element its aria-describedby points at that is an alert. */
export function errorOf(field: HTMLElement): HTMLElement | null {
  const ids = field.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  for (const id of ids) {
    const element = document.getElementById(id);
    if (element?.getAttribute('role') === 'alert') return element;
  }
  return null;
}

/** The field is marked invalid and describes itself with exactly this error message. */
export function expectFieldError(field: HTMLElement, message: string) {
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(errorOf(field)?.textContent).toBe(message);
}

export function expectNoFieldError(field: HTMLElement) {
  expect(field).not.toHaveAttribute('aria-invalid');
  expect(errorOf(field)).toBeNull();
}
