import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Cents } from '@shared/domain/money';
import { nameWithOptions, orderTotal, unitPriceWithOptions, type MenuOptionGroup } from '@shared/domain/menu-options';
import type { Transaction } from '../../db/client';
import { menuItems, orderItems, orders } from '../../db/schema';
import { creationLimitWait, refuseIfWaiting, testOrderLimitOf, type CreationLimit } from '../../http/creation-limit';
import { withEvents } from '../../realtime/with-events';
import { lockOrderNumbersReading, orderNumberColumns } from '../order-view/order-number';
import { orderOf } from '../order-view/order-view';
import type { OrderDeps } from './orders.service';

/** Used when the restaurant has no menu yet, so a test order still looks like a real one. */
export const SAMPLE_MENU = [
  { name: 'Margherita Pizza', priceCents: 1400 },
  { name: 'Chicken Burrito', priceCents: 1150 },
  { name: 'Pad Thai', priceCents: 1300 },
  { name: 'Caesar Salad', priceCents: 950 },
  { name: 'Cheeseburger', priceCents: 1200 },
  { name: 'Garlic Bread', priceCents: 500 },
];

const CUSTOMERS = ['Maria Garcia', 'James Smith', 'Aisha Khan', 'Wei Chen', 'Sofia Rossi', 'Liam Murphy', 'Noah Kim'];

const CUSTOM_REQUESTS = [
  'Birthday cake for 12 people, chocolate, "Happy 40th Dan" on top. Pickup Saturday 5pm.',
  'Party tray: 30 mini sandwiches, half vegetarian, no mustard.',
  'Gluten-free pasta with the house sauce, no onions, extra basil.',
  'Family meal for 6 with two kids\u2019 portions, mild spice please.',
];

/**
 * Test orders one account may create: 30 a minute is a person trying the board out, or a team training on it, many
 * times over; a script filling the board and the database is stopped. TEST_ORDER_LIMIT changes it (its default is
 * this one).
 */
export const TEST_ORDER_CREATION_LIMIT: CreationLimit = testOrderLimitOf({ max: 30, window: 60 });

/** Orders that count toward the test-order limit: made with Create test order, and placed in test calls. */
const TEST_SOURCES = ['test', 'simulator'] as const;

/**
 * How long before the account may create another test order (null: now), in a transaction that holds the order-number
 * lock. One limit for test orders and orders placed in test calls; phone orders never count.
 */
export const testOrderWait = (tx: Transaction, ownerId: string, limit: CreationLimit) =>
  creationLimitWait(
    tx,
    {
      table: orders,
      createdAt: orders.createdAt,
      where: and(eq(orders.userId, ownerId), inArray(orders.source, TEST_SOURCES)),
    },
    limit,
  );

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)]!;

/** A number from the 555-01XX block, reserved for fiction: a test order never texts a real person. */
function fictionalPhone(): string {
  return `+1${randomInt(201, 990)}55501${String(randomInt(100)).padStart(2, '0')}`;
}

/**
 * create-test-order: a random order from the restaurant's own available menu (or the sample menu), or a custom order
 * with the given text. It goes through the same path as a phone order: stored, published, shown live.
 */
export async function createTestOrder(
  deps: Pick<OrderDeps, 'db' | 'hub'>,
  ownerId: string,
  { isCustomOrder, customOrderText }: { isCustomOrder: boolean; customOrderText?: string },
  limit: CreationLimit = TEST_ORDER_CREATION_LIMIT,
) {
  const { db, hub } = deps;
  const menu = isCustomOrder
    ? []
    : await db
        .select({
          id: menuItems.id,
          name: menuItems.name,
          priceCents: menuItems.priceCents,
          options: menuItems.options,
        })
        .from(menuItems)
        .where(and(eq(menuItems.restaurantId, ownerId), eq(menuItems.isAvailable, true)));

  const lines = isCustomOrder
    ? []
    : chooseLines(menu.length > 0 ? menu : SAMPLE_MENU.map((m) => ({ id: null, options: [], ...m })));
  const totalCents = orderTotal(lines.map((l) => ({ unitPriceCents: l.priceCents, quantity: l.quantity })));

  // The event is built from what the INSERTs return: a new order has no texts yet, so nothing needs reading back.
  return withEvents(db, hub, async (tx, events) => {
    // Past the account's limit: 429 with Retry-After, and the transaction rolls back having written nothing. The
    // check rides on the statement that takes the order-number lock.
    refuseIfWaiting(await lockOrderNumbersReading(tx, ownerId, testOrderWait(tx, ownerId, limit)), limit);
    const [row] = await tx
      .insert(orders)
      .values({
        ...orderNumberColumns(ownerId),
        userId: ownerId,
        item: isCustomOrder
          ? 'Custom order'
          : lines.map((l) => `${l.quantity}× ${nameWithOptions(l.name, l.options)}`).join(', '),
        quantity: isCustomOrder ? 1 : lines.reduce((n, l) => n + l.quantity, 0),
        phoneNumber: fictionalPhone(),
        customerName: pick(CUSTOMERS),
        isCustomOrder,
        customOrderText: isCustomOrder ? customOrderText || pick(CUSTOM_REQUESTS) : null,
        totalCents: isCustomOrder ? null : totalCents,
        source: 'test',
      })
      .returning();
    const items = lines.length > 0 ? await insertLines(tx, row!.id, lines) : [];
    const order = orderOf(row!, items, []);
    await events.record(ownerId, { type: 'order.created', order });
    return order;
  });
}

/** Inserts the order's lines and returns them by name, in the database's own sort order, as the list shows them. */
async function insertLines(tx: Transaction, orderId: string, lines: ChosenLine[]) {
  const inserted = tx.$with('inserted').as(
    tx
      .insert(orderItems)
      .values(
        lines.map((l) => ({
          orderId,
          menuItemId: l.id,
          name: l.name,
          quantity: l.quantity,
          unitPriceCents: l.priceCents,
          options: l.options,
        })),
      )
      .returning(),
  );
  return tx.with(inserted).select().from(inserted).orderBy(asc(inserted.name));
}

type ChosenLine = ReturnType<typeof chooseLines>[number];

/** A line's dish with a choice for each of its required options (a size), priced with it. */
function chooseLines(menu: { id: string | null; name: string; priceCents: Cents; options: MenuOptionGroup[] }[]) {
  const count = randomInt(1, Math.min(3, menu.length) + 1);
  const shuffled = [...menu];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return shuffled.slice(0, count).map((m) => {
    const options = m.options
      .filter((g) => g.required && g.choices.length > 0)
      .map((g) => {
        const choice = pick(g.choices);
        return { group: g.name, choice: choice.name, priceDeltaCents: choice.priceDeltaCents };
      });
    const priceCents = unitPriceWithOptions(m.priceCents, options);
    return { id: m.id, name: m.name, priceCents, options, quantity: randomInt(1, 4) };
  });
}
