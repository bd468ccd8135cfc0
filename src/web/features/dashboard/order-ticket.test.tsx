// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useSession } from '@web/lib/session';
import { fakeApi, renderAt, reply, signedInOwner } from '../../../../tests/render-web';
import { isOtherZone } from '@web/lib/relative-time';
import { testOrder } from './dashboard-test-kit';
import { OrderTicket, PrintTicketButton, claimAutoPrint, renderTicketFrame } from './order-ticket';

const burritoOrder = () =>
  testOrder({
    dailyNumber: 12,
    customerName: 'Noah Kim',
    phoneNumber: '+12405550109',
    items: [
      {
        name: 'Carnitas Burrito',
        quantity: 2,
        unitPriceCents: 1650,
        notes: 'No onions',
        options: [
          { group: 'Size', choice: 'Large', priceDeltaCents: 300 },
          { group: 'Extras', choice: 'Cheese', priceDeltaCents: 100 },
        ],
      },
      { name: 'Horchata', quantity: 1, unitPriceCents: 350, notes: null, options: [] },
    ],
    totalCents: 3650,
    createdAt: '2026-11-21T18:41:00.000Z',
  });

/** The board is only ever shown once the session has loaded. */
function SignedIn({ children }: { children: ReactNode }) {
  return useSession().me ? children : null;
}

const frameDocument = (frame: HTMLIFrameElement) => frame.contentDocument!;

describe('kitchen ticket', () => {
  it('has the number, time, customer, items with quantities, options without prices, notes, and the total', () => {
    const order = burritoOrder();
    render(<OrderTicket order={order} restaurantName="Luigi Trattoria" timeZone="UTC" />);

    const ticket = screen.getByRole('article', { name: 'Kitchen ticket for order #12' });
    expect(within(ticket).getByRole('heading', { level: 1 })).toHaveTextContent('#12');
    expect(ticket).toHaveTextContent('Luigi Trattoria');
    expect(within(ticket).getByText(/^Test order ·/)).toHaveTextContent(/^Test order · Nov 21, 6:41 PM( UTC)?$/);
    const customer = within(ticket).getByRole('region', { name: 'Customer' });
    expect(customer).toHaveTextContent('Noah Kim');
    expect(customer).toHaveTextContent('+1 (240) 555-0109');

    const items = within(ticket).getByRole('list', { name: 'Items' });
    const [burrito, horchata] = Array.from(items.children) as HTMLElement[];
    expect(burrito).toHaveTextContent('2 ×Carnitas Burrito$33.00');
    expect(within(burrito!).getByRole('list', { name: 'Options' })).toHaveTextContent('Size: LargeExtras: Cheese');
    expect(ticket).not.toHaveTextContent('+$');
    expect(burrito).toHaveTextContent('Note: No onions');
    expect(horchata).toHaveTextContent('1 ×Horchata$3.50');
    expect(within(horchata!).queryByRole('list', { name: 'Options' })).toBeNull();
    expect(ticket).toHaveTextContent('Total$36.50');
  });

  it('prints a custom request, a review flag and a cancellation; an order without a number says Order', () => {
    const order = testOrder({
      dailyNumber: null,
      isCustomOrder: true,
      customOrderText: 'Party tray: 30 mini sandwiches,\nhalf vegetarian',
      items: [],
      totalCents: null,
      needsReview: true,
      reviewReason: 'Caller mentioned a peanut allergy.',
      status: 'cancelled',
      cancelReason: 'duplicate',
    });
    render(<OrderTicket order={order} />);

    const ticket = screen.getByRole('article', { name: 'Kitchen ticket' });
    expect(within(ticket).getByRole('heading', { level: 1 })).toHaveTextContent('Order');
    expect(within(ticket).getByRole('region', { name: 'Custom request' })).toHaveTextContent(
      'Custom requestParty tray: 30 mini sandwiches, half vegetarian',
    );
    expect(ticket).toHaveTextContent('CHECK: Caller mentioned a peanut allergy.');
    expect(ticket).toHaveTextContent('CANCELLED: Duplicate order');
    expect(within(ticket).queryByRole('list', { name: 'Items' })).toBeNull();
    expect(ticket).not.toHaveTextContent('Total');
  });

  it('shows when a preparing order should be ready, in the restaurant’s zone, named when the browser’s differs', () => {
    const order = testOrder({
      status: 'preparing',
      readyInMinutes: 15,
      createdAt: '2026-11-21T18:41:00.000Z',
      updatedAt: '2026-11-21T18:45:00.000Z',
    });
    render(<OrderTicket order={order} timeZone="America/Los_Angeles" />);
    const ticket = screen.getByRole('article');
    // 18:45 UTC + 15 min is 11:00 AM in Los Angeles, named as such unless this machine's own clock is Los Angeles's.
    const zone = isOtherZone('America/Los_Angeles', order.updatedAt) ? ' PST' : '';
    expect(ticket).toHaveTextContent(`Ready by 11:00 AM${zone}`);
    expect(ticket).toHaveTextContent(`Test order · Nov 21, 10:41 AM${zone}`);
  });

  it('has no ready-by time before the kitchen has given one', () => {
    render(<OrderTicket order={testOrder({ status: 'new' })} timeZone="UTC" />);
    expect(screen.getByRole('article')).not.toHaveTextContent('Ready by');
    expect(screen.getByRole('article')).not.toHaveTextContent('Scheduled for');
  });

  it('says when the customer asked to pick a scheduled order up, with its day, on the restaurant’s clock', () => {
    const order = testOrder({ status: 'new', scheduledFor: '2026-11-22T03:00:00.000Z', prepMinutes: 20 });
    render(<OrderTicket order={order} timeZone="America/Los_Angeles" />);
    const zone = isOtherZone('America/Los_Angeles', order.scheduledFor!) ? ' PST' : '';
    expect(screen.getByRole('article')).toHaveTextContent(`Scheduled for Nov 21, 7:00 PM${zone}`);
  });

  it('renders into one hidden frame with an 80 mm page, replaced by the next ticket', () => {
    const frame = renderTicketFrame(burritoOrder(), { restaurantName: 'Luigi Trattoria' });
    expect(frame).toBeInTheDocument();
    expect(frame).toHaveAttribute('aria-hidden', 'true');
    expect(frame.title).toBe('Kitchen ticket');
    const doc = frameDocument(frame);
    expect(doc.title).toBe('Kitchen ticket #12');
    expect(doc.getElementById('ticket-page')?.textContent).toMatch(/@page \{ size: 80mm \d+mm; margin: 0; \}/);
    expect(doc.querySelector('style')?.textContent).toContain('width: 72mm');
    expect(doc.body).toHaveTextContent('Carnitas Burrito');

    const next = renderTicketFrame(testOrder({ dailyNumber: 13, customerName: 'Ava Chen' }));
    expect(next).toBe(frame);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(frameDocument(next).body).toHaveTextContent('Ava Chen');
    expect(frameDocument(next).body).not.toHaveTextContent('Noah Kim');
  });

  it('Print ticket prints that order from the frame, with the restaurant name', async () => {
    fakeApi({ 'GET /api/me': reply(200, signedInOwner({ restaurantName: 'Luigi Trattoria' })) });
    // The frame exists once a ticket has been rendered; its print() is the browser's dialog.
    const frame = renderTicketFrame(testOrder());
    const print = vi.spyOn(frame.contentWindow!, 'print').mockImplementation(() => undefined);
    vi.spyOn(frame.contentWindow!, 'focus').mockImplementation(() => undefined);
    const order = testOrder({ dailyNumber: 7, customerName: 'Ava Chen' });
    const { user } = renderAt('/dashboard', [
      {
        path: '/dashboard',
        element: (
          <SignedIn>
            <PrintTicketButton order={order} />
          </SignedIn>
        ),
      },
    ]);

    await user.click(await screen.findByRole('button', { name: 'Print ticket for order #7, Ava Chen' }));

    expect(print).toHaveBeenCalledTimes(1);
    expect(frameDocument(frame).body).toHaveTextContent('#7');
    expect(frameDocument(frame).body).toHaveTextContent('Luigi Trattoria');
  });

  it('claims each order for automatic printing once per browser', () => {
    expect(claimAutoPrint('a')).toBe(true);
    expect(claimAutoPrint('a')).toBe(false);
    expect(claimAutoPrint('b')).toBe(true);
  });
});
