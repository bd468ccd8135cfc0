import { Outlet, type RouteObject } from 'react-router';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, vi } from 'vitest';
import type { BillingInvoice, BillingResponse } from '@shared/contracts/billing';
import { PRO_PLAN } from '@shared/product';
import { formatPlanDate } from '@web/lib/queries/billing';

/** Fixtures and browser stand-ins for the billing screens' component tests. */

const DAY_MS = 24 * 60 * 60 * 1000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

/** A date as the owner sees it on these screens. */
export const shown = (iso: string) => formatPlanDate(iso);

export function invoice(overrides: Partial<BillingInvoice> = {}): BillingInvoice {
  return {
    id: 'in_1',
    number: 'PL-0001',
    createdAt: daysFromNow(-3),
    amountCents: 3900,
    currency: 'usd',
    status: 'paid',
    pdfUrl: 'https://pay.example.com/invoices/in_1.pdf',
    hostedUrl: 'https://pay.example.com/invoices/in_1',
    ...overrides,
  };
}

/** GET /api/billing: an owner on the trial, never subscribed, unless overridden. */
export function billingResponse(overrides: Partial<BillingResponse> = {}): BillingResponse {
  return {
    plan: {
      id: PRO_PLAN.id,
      name: PRO_PLAN.name,
      description: PRO_PLAN.description,
      priceCents: PRO_PLAN.priceCents,
      interval: PRO_PLAN.interval,
      mode: PRO_PLAN.mode,
      priceId: 'price_test_pro',
    },
    testMode: false,
    status: 'trial',
    providerStatus: null,
    subscriptionId: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    trialEndsAt: daysFromNow(5),
    paymentMethod: null,
    invoices: [],
    ...overrides,
  };
}

export const activeBilling = (overrides: Partial<BillingResponse> = {}) =>
  billingResponse({
    status: 'active',
    providerStatus: 'active',
    subscriptionId: 'sub_1',
    currentPeriodEnd: daysFromNow(20),
    paymentMethod: { brand: 'visa', last4: '4242' },
    invoices: [invoice()],
    ...overrides,
  });

/** Stands in for the browser's EventSource: the test sends the stream's messages itself. */
export class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static latest: FakeEventSource | null = null;
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.latest = this;
  }
  send(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

/**
 * What jsdom lacks and these screens use: an event stream and media queries (the toaster's reduced-motion check).
 * The browser's confirm box is left alone: the app asks in its own dialog, and jsdom reports any use of it as an
 * error, which fails the test. Call before rendering; render-web unstubs after each test.
 */
export function stubBrowser() {
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  toast.remove();
  FakeEventSource.latest = null;
});

/** The routes, with the app's toaster beside them so tests read toasts as the owner does. */
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
