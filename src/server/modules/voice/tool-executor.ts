import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CallOutcome } from '@shared/domain/calls';
import type { Cents } from '@shared/domain/money';
import {
  maxChoicesOf,
  nameWithOptions,
  orderTotal,
  unitPriceWithOptions,
  type ChosenOption,
  type MenuOptionGroup,
} from '@shared/domain/menu-options';
import { groupMenu } from '@shared/contracts/menu';
import { openState, periodsOf } from '@shared/domain/hours';
import type { Database, Transaction } from '../../db/client';
import { calls, orderItems, orders, toolCallResults } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import type { Logger } from '../../logger';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import type { RealtimeHub } from '../../realtime/realtime-hub';
import { withEvents, type EventRecorder } from '../../realtime/with-events';
import { enqueueSms, queueNotification } from '../notifications/notifications.service';
import { lockOrderNumbersReading, nextOrderNumber } from '../order-view/order-number';
import { TEST_ORDER_CREATION_LIMIT, testOrderWait } from '../orders/test-orders';
import { refuseIfWaiting, TooManyRequestsError, type CreationLimit } from '../../http/creation-limit';
import { loadOrders } from '../order-view/order-view';
import { loadCallContext, type CallContext, type MenuEntry } from './call-context';
import { readPickupTime } from '../pickup-time/pickup-request';
import { decidePickup, prepMinutesOf, type Pickup } from './pickup';
import { speakPickup } from '../pickup-time/spoken-pickup';
import { callSummaryReturning, publishWrittenCall } from './call-view';
import { nextOpening, orderRefusal } from './order-taking';
import { matchDish, matchOption } from './menu-match';
import { menuLexicon, PACKS } from '../language';
import type { MenuLexicon } from '../ordering/lexicon';
import { readChoice, readLineName } from '../ordering/read-line';
import { mentionsAllergy } from './review';
import { LOCALES, PHRASES, speakDay, speakTime, tidyStops, type Phrases } from '../language/speech';
import type { ActiveCall, ToolAnswer, ToolInvocation, ToolName } from './tool-types';

export interface ToolDeps {
  db: Database;
  hub: Pick<RealtimeHub, 'deliver'>;
  jobs: JobQueue;
  sms: SmsProvider;
  logger: Logger;
  /** The per-account limit on test orders, which orders placed in test calls count toward; the product's unless set. */
  testOrderLimit?: CreationLimit;
}

/**
 * The only place the assistant's tools live: the phone webhook and the in-app test call both come here. Arguments
 * are validated, answers are short sentences in the restaurant's language, and nothing is ever thrown at the
 * caller. The same tool call delivered twice gets the stored answer and changes nothing the second time.
 */
export async function executeToolCall(
  deps: ToolDeps,
  call: ActiveCall,
  invocation: ToolInvocation,
  now: Date = new Date(),
): Promise<ToolAnswer> {
  // A repeated delivery is answered from what was stored the first time: every answer is stored through
  // `saveAnswer`, which keeps the first one, and place_order checks again under its lock before writing anything.
  let ctx: CallContext | null = null;
  try {
    const [loaded, language] = await Promise.all([
      loadCallContext(deps.db, call.restaurantId, now),
      call.language !== undefined ? call.language : callLanguage(deps.db, call.id),
    ]);
    if (!loaded) return { result: PHRASES.en.failure, isError: true };
    ctx = language ? { ...loaded, language } : loaded;
    const say = PHRASES[ctx.language];
    const name = invocation.name as ToolName;
    switch (name) {
      case 'get_menu':
        return await remember(deps, call, invocation, describeMenu(ctx, say));
      case 'check_hours':
        return await remember(deps, call, invocation, describeHours(ctx, say, now));
      case 'get_order_status':
        return await remember(deps, call, invocation, await describeOrderStatus(deps.db, ctx, call, say, now));
      case 'transfer_to_staff':
        return await remember(deps, call, invocation, transfer(ctx, say));
      case 'place_order':
        return await placeOrder(deps, ctx, call, invocation, now);
      default:
        return { result: say.invalidRequest, isError: true };
    }
  } catch (error) {
    // A test call past the account's test-order limit: the owner's page says so (429), the order is not placed.
    if (error instanceof TooManyRequestsError) throw error;
    // Not stored: a retry of the same tool call may well succeed.
    deps.logger.error({ err: error, tool: invocation.name, callId: call.id }, 'tool call failed');
    return { result: PHRASES[ctx?.language ?? 'en'].failure, isError: true };
  }
}

/** The language the call is held in, when it has one (a test call may differ from the restaurant's language). */
async function callLanguage(db: Database, callId: string) {
  const [row] = await db.select({ language: calls.language }).from(calls).where(eq(calls.id, callId));
  return row?.language ?? null;
}

async function storedAnswer(db: Database | Transaction, callId: string, toolCallId: string) {
  const [row] = await db
    .select({ result: toolCallResults.result })
    .from(toolCallResults)
    .where(and(eq(toolCallResults.callId, callId), eq(toolCallResults.toolCallId, toolCallId)));
  return row ? (JSON.parse(row.result) as ToolAnswer) : null;
}

/**
 * Stores the answer (and the call outcome it implies) so a repeat of this tool call is answered the same way. When
 * two deliveries race, the first stored answer wins and both callers get it.
 */
async function remember(deps: ToolDeps, call: ActiveCall, invocation: ToolInvocation, answer: ToolAnswer) {
  return withEvents(deps.db, deps.hub, async (tx, events) => {
    const saved = await saveAnswer(tx, call, invocation, answer);
    if (saved !== answer) return saved;
    if (answer.outcome) await setOutcome(tx, events, call, answer.outcome);
    return answer;
  });
}

async function saveAnswer(tx: Transaction, call: ActiveCall, invocation: ToolInvocation, answer: ToolAnswer) {
  const inserted = await tx
    .insert(toolCallResults)
    .values({ callId: call.id, toolCallId: invocation.id, name: invocation.name, result: JSON.stringify(answer) })
    .onConflictDoNothing()
    .returning({ callId: toolCallResults.callId });
  if (inserted.length > 0) return answer;
  return (await storedAnswer(tx, call.id, invocation.id)) ?? answer;
}

/** A call that ordered stays 'ordered'; any other outcome is replaced by the latest one. */
async function setOutcome(tx: Transaction, events: EventRecorder, call: ActiveCall, outcome: CallOutcome) {
  const [updated] = await tx
    .update(calls)
    .set({ outcome, updatedAt: new Date() })
    .where(
      and(
        eq(calls.id, call.id),
        eq(calls.restaurantId, call.restaurantId),
        sql`${calls.outcome} is distinct from 'ordered'`,
      ),
    )
    .returning(callSummaryReturning);
  if (updated) await publishWrittenCall(events, call.restaurantId, updated);
}

/** 'Burrito $10.00, size Small or Large +$3.00': a dish with its price and, when it has any, its options. */
function describeDish(say: Phrases, m: MenuEntry): string {
  const dish = `${m.name} ${say.price(m.priceCents)}`;
  if (m.options.length === 0) return dish;
  return say.dishWithOptions(
    dish,
    m.options.map((g) => ({
      name: g.name,
      required: g.required,
      choices: g.choices.map((c) => say.choice(c.name, c.priceDeltaCents)),
    })),
  );
}

/** The available dishes with prices and options, in their categories when the menu has any; then what is sold out. */
function describeMenu(ctx: CallContext, say: Phrases): ToolAnswer {
  const available = ctx.menu.filter((m) => m.isAvailable);
  if (available.length === 0) return { result: say.emptyMenu };
  const soldOut = ctx.menu.filter((m) => !m.isAvailable).map((m) => m.name);
  const sections = groupMenu(ctx.categories, available);
  if (sections.length === 1 && sections[0]!.category === null) {
    return {
      result: say.menu(
        available.map((m) => describeDish(say, m)),
        soldOut,
      ),
    };
  }
  return {
    result: say.menuInSections(
      sections.map((section) => ({
        name: section.category?.name ?? say.otherSection,
        items: section.items.map((m) => describeDish(say, m)),
      })),
      soldOut,
    ),
  };
}

/**
 * Open until when, or when it opens next; on a day with two periods, both of that day's periods too (the day of the
 * period the caller is in, or of the next opening).
 */
function describeHours(ctx: CallContext, say: Phrases, now: Date): ToolAnswer {
  const state = openState(ctx.hours, ctx.timeZone, now);
  const answer = state.isOpen
    ? say.openNow(speakTime(ctx.language, state.closesAt))
    : say.closedNow(nextOpening(ctx, say, now));
  const dayOfWeek = state.isOpen ? state.dayOfWeek : state.opensAt?.dayOfWeek;
  const day = ctx.hours.find((h) => h.dayOfWeek === dayOfWeek);
  const periods = day ? periodsOf(day) : [];
  if (periods.length < 2) return { result: tidyStops(answer) };
  const spoken = periods.map((p) =>
    say.period(speakTime(ctx.language, p.openTime), speakTime(ctx.language, p.closeTime)),
  );
  const both = say.dayPeriods(speakDay(ctx.language, day!.dayOfWeek), spoken);
  return { result: tidyStops(`${answer}${ctx.language === 'zh' ? '' : ' '}${both}`) };
}

function transfer(ctx: CallContext, say: Phrases): ToolAnswer {
  if (!ctx.forwardingPhone) return { result: say.noStaffLine };
  return { result: say.transferring, transferTo: ctx.forwardingPhone, outcome: 'transferred' };
}

/** The caller's most recent order today, found by caller ID. */
async function describeOrderStatus(
  db: Database,
  ctx: CallContext,
  call: ActiveCall,
  say: Phrases,
  now: Date,
): Promise<ToolAnswer> {
  if (!call.callerNumber) return { result: say.noOrderFound };
  const [order] = await db
    .select({
      status: orders.status,
      readyInMinutes: orders.readyInMinutes,
      updatedAt: orders.updatedAt,
      scheduledFor: orders.scheduledFor,
    })
    .from(orders)
    .where(
      and(
        eq(orders.userId, ctx.restaurantId),
        eq(orders.phoneNumber, call.callerNumber),
        gte(orders.createdAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (!order) return { result: say.noOrderFound };
  const readyAround =
    order.status === 'preparing' && order.readyInMinutes
      ? new Intl.DateTimeFormat(LOCALES[ctx.language], {
          hour: 'numeric',
          minute: '2-digit',
          timeZone: ctx.timeZone,
        }).format(new Date(order.updatedAt.getTime() + order.readyInMinutes * 60_000))
      : null;
  // An order for a later pickup is not started "shortly": the caller hears the time they asked for.
  if (order.status === 'new' && order.scheduledFor) {
    const when = speakPickup(ctx.language, order.scheduledFor.getTime(), now.getTime(), ctx.timeZone).when;
    return { result: tidyStops(say.pickupAt(when)) };
  }
  return { result: say.orderStatus(order.status, readyAround) };
}

const placeOrderArgs = z.object({
  customer_name: z.string().trim().max(100).optional().nullable(),
  items: z
    .array(
      z.object({
        name: z.string().trim().max(120).optional().nullable(),
        menu_item_id: z.string().trim().max(64).optional().nullable(),
        // Models send "2" as often as 2.
        quantity: z.coerce.number().int().optional().nullable(),
        notes: z.string().trim().max(300).optional().nullable(),
        // {group, choice} by name; a bare string is a choice in whichever group has it.
        options: z
          .array(
            z.union([
              z.string().trim().max(80),
              z.object({
                group: z.string().trim().max(80).optional().nullable(),
                choice: z.string().trim().max(80).optional().nullable(),
              }),
            ]),
          )
          .max(30)
          .optional()
          .nullable(),
      }),
    )
    .max(200)
    .optional()
    .nullable(),
  custom_order_text: z.string().trim().max(1000).optional().nullable(),
  /** A later pickup time the caller asked for ("7 pm", "in an hour", "19:00", ISO 8601); left out: as soon as possible. */
  pickup_time: z.string().trim().max(100).optional().nullable(),
});

interface PricedLine {
  menuItemId: string;
  name: string;
  quantity: number;
  /** The dish's price with its chosen options' price changes. */
  unitPriceCents: Cents;
  notes: string | null;
  options: ChosenOption[];
}

type RequestedOptions = NonNullable<NonNullable<z.infer<typeof placeOrderArgs>['items']>[number]['options']>;

type PickedOptions =
  { ok: true; chosen: ChosenOption[]; unsure: string[] } | { ok: false; answer: { ok: false; answer: ToolAnswer } };

const choiceNames = (say: Phrases, groups: readonly MenuOptionGroup[]) =>
  groups.flatMap((g) => g.choices.map((c) => say.choice(c.name, c.priceDeltaCents)));

/**
 * The options asked for on one line, matched forgivingly to the dish's own (group and choice names, like dishes);
 * an option the dish does not have, two choices where one is allowed, or a required choice left out is refused with
 * a sentence that names the choices.
 */
function pickOptions(say: Phrases, lexicon: MenuLexicon, entry: MenuEntry, requested: RequestedOptions): PickedOptions {
  const groups = entry.options;
  const picked = new Map<MenuOptionGroup, Set<number>>();
  const unsure: string[] = [];
  const pick = (group: MenuOptionGroup, index: number) => {
    const chosen = picked.get(group) ?? new Set<number>();
    chosen.add(index);
    picked.set(group, chosen);
  };
  for (const option of requested) {
    const { group: groupSaid, choice: choiceSaid } =
      typeof option === 'string' ? { group: null, choice: option } : option;
    const said = choiceSaid || groupSaid || '';
    if (!said) continue;
    // The lexicon first: every way the call's language says the choice ("lg", "two liter", "petite").
    const read = readChoice(lexicon, entry, said, choiceSaid ? groupSaid : null);
    const readGroup = read ? groups.find((g) => g.name === read.choice.group) : undefined;
    const readIndex = readGroup ? readGroup.choices.findIndex((c) => c.name === read!.choice.choice) : -1;
    if (readGroup && readIndex >= 0) {
      if (read!.unsure) unsure.push(`"${said}" taken as ${read!.choice.choice}`);
      pick(readGroup, readIndex);
      continue;
    }
    // The group named, when it is one of the dish's; otherwise the choice is looked for in every group.
    const namedGroup =
      groupSaid && choiceSaid
        ? matchOption(
            groupSaid,
            groups.map((g) => ({ value: g, names: [g.name] })),
          )
        : null;
    const inGroups = namedGroup?.kind === 'match' ? [namedGroup.value] : groups;
    const candidates = inGroups.flatMap((g) =>
      g.choices.map((c, index) => ({ value: { group: g, index }, names: [c.name] })),
    );
    const match = matchOption(said, candidates);
    if (match.kind === 'none') return refuseLine(say.optionUnknown(entry.name, said, choiceNames(say, inGroups)));
    if (!match.isConfident) unsure.push(`"${said}" taken as ${match.value.group.choices[match.value.index]!.name}`);
    pick(match.value.group, match.value.index);
  }
  for (const group of groups) {
    const chosen = picked.get(group);
    const names = choiceNames(say, [group]);
    if (chosen && chosen.size > maxChoicesOf(group))
      return refuseLine(say.optionTooMany(entry.name, group.name, names));
    if (group.required && !chosen) return refuseLine(say.optionMissing(entry.name, group.name, names));
  }
  // In the menu's order, whatever order they were said in.
  const chosen = groups.flatMap((group) =>
    group.choices
      .filter((_, index) => picked.get(group)?.has(index))
      .map((c) => ({ group: group.name, choice: c.name, priceDeltaCents: c.priceDeltaCents })),
  );
  return { ok: true, chosen, unsure };
}

const refuseLine = (result: string): PickedOptions => ({ ok: false, answer: refuse(result) });

type Priced = { ok: true; lines: PricedLine[]; reviewReasons: string[] } | { ok: false; answer: ToolAnswer };

/** Matches every requested line to the menu and applies the caps; the first problem is what the caller hears. */
function priceLines(ctx: CallContext, say: Phrases, items: z.infer<typeof placeOrderArgs>['items']): Priced {
  const requested = items ?? [];
  if (requested.length > ctx.caps.maxLines) return refuse(say.tooManyLines(ctx.caps.maxLines));
  const lexicon = menuLexicon(ctx.restaurantId, ctx.menu, ctx.language);
  const candidates = ctx.menu.map((m) => ({ value: m, names: [m.name, ...m.aliases] }));
  const lines: PricedLine[] = [];
  const reviewReasons: string[] = [];
  for (const item of requested) {
    const spoken = item.name ?? '';
    const byId = item.menu_item_id ? ctx.menu.find((m) => m.id === item.menu_item_id) : undefined;
    let entry: MenuEntry;
    /** Choices said inside the name ("Large Pizza"), taken unless the options say otherwise. */
    let inName: { group: string; choice: string }[] = [];
    const read = byId ? null : readLineName(spoken, PACKS[ctx.language], lexicon);
    if (byId) {
      entry = byId;
    } else if (read && 'dishId' in read && ctx.menu.some((m) => m.id === read.dishId)) {
      entry = ctx.menu.find((m) => m.id === read.dishId)!;
      inName = read.options;
      reviewReasons.push(...read.unsure);
    } else if (read && 'candidates' in read) {
      const names = read.candidates.flatMap((id) =>
        ctx.menu.filter((m) => m.id === id && m.isAvailable).map((m) => m.name),
      );
      return refuse(say.unknownItem(spoken || '?', names.slice(0, 2)));
    } else {
      const match = matchDish(spoken, candidates);
      if (match.kind === 'none') {
        const closest = match.closest.filter((m) => m.isAvailable).map((m) => m.name);
        return refuse(say.unknownItem(spoken || '?', closest.slice(0, 2)));
      }
      entry = match.value;
      if (!match.isConfident) reviewReasons.push(`"${spoken}" taken as ${entry.name}`);
    }
    if (!entry.isAvailable) {
      const alternatives = ctx.menu.filter((m) => m.isAvailable && m.id !== entry.id).map((m) => m.name);
      return refuse(say.soldOut(entry.name, alternatives.slice(0, 2)));
    }
    const quantity = item.quantity ?? 1;
    if (quantity < 1) return refuse(say.badQuantity(entry.name));
    if (quantity > ctx.caps.maxQuantityPerLine) return refuse(say.tooMany(entry.name, ctx.caps.maxQuantityPerLine));
    const saidOptions = item.options ?? [];
    const readOptions = (option: (typeof saidOptions)[number]) =>
      typeof option === 'string'
        ? readChoice(lexicon, entry, option)
        : readChoice(lexicon, entry, option.choice ?? '', option.group);
    const saidGroups = new Set(saidOptions.flatMap((o) => readOptions(o)?.choice.group ?? []));
    const options = pickOptions(say, lexicon, entry, [
      ...inName.filter((o) => !saidGroups.has(o.group)),
      ...saidOptions,
    ]);
    if (!options.ok) return options.answer;
    reviewReasons.push(...options.unsure);
    lines.push({
      menuItemId: entry.id,
      name: entry.name,
      quantity,
      unitPriceCents: unitPriceWithOptions(entry.priceCents, options.chosen),
      notes: item.notes || null,
      options: options.chosen,
    });
  }
  const sameItem = new Map<string, number>();
  for (const line of lines) {
    const total = (sameItem.get(line.menuItemId) ?? 0) + line.quantity;
    if (total > ctx.caps.maxQuantityPerLine) return refuse(say.tooMany(line.name, ctx.caps.maxQuantityPerLine));
    sameItem.set(line.menuItemId, total);
  }
  return { ok: true, lines, reviewReasons };
}

const refuse = (result: string): { ok: false; answer: ToolAnswer } => ({ ok: false, answer: { result } });

async function placeOrder(
  deps: ToolDeps,
  ctx: CallContext,
  call: ActiveCall,
  invocation: ToolInvocation,
  now: Date,
): Promise<ToolAnswer> {
  const say = PHRASES[ctx.language];
  const refused = orderRefusal(ctx, say, now);
  if (refused) return remember(deps, call, invocation, refused);

  const parsed = placeOrderArgs.safeParse(invocation.args);
  if (!parsed.success) return remember(deps, call, invocation, { result: say.invalidRequest, isError: true });
  const args = parsed.data;
  const customText = args.custom_order_text || null;
  if (customText && !ctx.allowCustomOrders) return remember(deps, call, invocation, { result: say.customNotAllowed });
  if (!customText && (args.items ?? []).length === 0) {
    return remember(deps, call, invocation, { result: say.nothingToOrder });
  }

  const priced = priceLines(ctx, say, args.items);
  if (!priced.ok) return remember(deps, call, invocation, priced.answer);
  const { lines } = priced;
  const totalCents = lines.length > 0 ? orderTotal(lines) : null;
  if (totalCents !== null && totalCents > ctx.caps.maxTotalCents) {
    return remember(deps, call, invocation, { result: say.tooExpensive(say.price(ctx.caps.maxTotalCents)) });
  }

  const pickup = pickupFor(ctx, call, say, lines, args.pickup_time, now);
  if (!pickup.ok) return remember(deps, call, invocation, { result: tidyStops(pickup.refusal) });

  const reviewReasons = [...priced.reviewReasons];
  const mentioned = [customText, ...lines.map((l) => l.notes)].filter((t): t is string => !!t);
  if (mentioned.some(mentionsAllergy)) reviewReasons.unshift('Allergy mentioned');
  if (customText) reviewReasons.push('Custom request');
  if (!call.callerNumber) reviewReasons.push('Caller ID withheld: no number to text');

  const customerName = args.customer_name || null;
  const summary = [
    ...lines.map((l) => say.line(l.quantity, nameWithOptions(l.name, l.options))),
    ...(customText ? [customText] : []),
  ];
  const spokenTotal = totalCents === null ? null : say.price(totalCents);

  return withEvents(deps.db, deps.hub, async (tx, events) => {
    // One place_order at a time per call: the call row is the lock, and the answer is re-checked under it.
    await tx.select({ id: calls.id }).from(calls).where(eq(calls.id, call.id)).for('update');
    const already = await storedAnswer(tx, call.id, invocation.id);
    if (already) return already;

    const [existing] = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(and(eq(orders.callId, call.id), eq(orders.userId, ctx.restaurantId)));
    if (existing && existing.status !== 'new') {
      return saveAnswer(tx, call, invocation, { result: say.alreadyInKitchen, orderId: existing.id });
    }
    if (!existing && call.kind === 'test') {
      // Orders placed in test calls count toward the test-order limit, so test calls are no way around it.
      const limit = deps.testOrderLimit ?? TEST_ORDER_CREATION_LIMIT;
      refuseIfWaiting(
        await lockOrderNumbersReading(tx, ctx.restaurantId, testOrderWait(tx, ctx.restaurantId, limit)),
        limit,
      );
    }

    const values = {
      item: summary.join(', ') || 'Custom order',
      quantity: Math.max(
        1,
        lines.reduce((n, l) => n + l.quantity, 0),
      ),
      customerName,
      isCustomOrder: customText !== null,
      customOrderText: customText,
      totalCents,
      needsReview: reviewReasons.length > 0,
      reviewReason: reviewReasons.length > 0 ? reviewReasons.join('; ') : null,
      prepMinutes: pickup.prepMinutes,
      quotedReadyAt: new Date(pickup.readyAt),
      scheduledFor: pickup.scheduledFor === null ? null : new Date(pickup.scheduledFor),
      updatedAt: new Date(),
    };
    let orderId: string;
    if (existing) {
      orderId = existing.id;
      await tx.update(orders).set(values).where(eq(orders.id, orderId));
      await tx.delete(orderItems).where(eq(orderItems.orderId, orderId));
    } else {
      const [created] = await tx
        .insert(orders)
        .values({
          ...(await nextOrderNumber(tx, ctx.restaurantId)),
          ...values,
          userId: ctx.restaurantId,
          phoneNumber: call.callerNumber ?? 'Withheld',
          source: call.kind === 'phone' ? 'phone' : 'simulator',
          callId: call.id,
        })
        .returning({ id: orders.id });
      orderId = created!.id;
    }
    if (lines.length > 0) {
      await tx.insert(orderItems).values(
        lines.map((l) => ({
          orderId,
          menuItemId: l.menuItemId,
          name: l.name,
          quantity: l.quantity,
          unitPriceCents: l.unitPriceCents,
          notes: l.notes,
          options: l.options,
        })),
      );
    }

    const [order] = await loadOrders(tx, ctx.restaurantId, [orderId]);
    await events.record(ctx.restaurantId, { type: existing ? 'order.updated' : 'order.created', order: order! });
    // With automatic texts off the customer gets no confirmation text, and the assistant promises none.
    const willText = ctx.autoSmsEnabled && call.callerNumber !== null;
    if (!existing && ctx.autoSmsEnabled) {
      const notificationId = await queueNotification(tx, {
        orderId,
        restaurantId: ctx.restaurantId,
        kind: 'confirmed',
        provider: deps.sms.name,
        now,
      });
      if (notificationId) events.afterCommit(() => enqueueSms(deps.jobs, notificationId));
    }
    const [written] = await tx
      .update(calls)
      .set({ orderId, outcome: 'ordered', updatedAt: new Date() })
      .where(and(eq(calls.id, call.id), eq(calls.restaurantId, ctx.restaurantId)))
      .returning(callSummaryReturning);
    if (written) await publishWrittenCall(events, ctx.restaurantId, written);

    const orderNumber = order!.dailyNumber;
    const answer: ToolAnswer = {
      result: tidyStops(
        existing
          ? [say.updated(say.list(summary), spokenTotal, orderNumber), pickup.sentence].join(
              ctx.language === 'zh' ? '' : ' ',
            )
          : say.placed(say.list(summary), spokenTotal, customerName, orderNumber, willText, pickup.sentence),
      ),
      orderId,
      orderNumber,
      outcome: 'ordered',
    };
    return saveAnswer(tx, call, invocation, answer);
  });
}

/**
 * When the order will be ready (`decidePickup`), from the pickup time the caller asked for, if any; a time that
 * cannot be read is asked for again. The order this call already placed is not ahead of itself.
 */
function pickupFor(
  ctx: CallContext,
  call: ActiveCall,
  say: Phrases,
  lines: readonly PricedLine[],
  pickupTime: string | null | undefined,
  now: Date,
): Pickup {
  const requested = pickupTime ? readPickupTime(pickupTime, ctx.language, now.getTime(), ctx.timeZone) : null;
  if (pickupTime && requested === null) return { ok: false, refusal: say.pickupUnclear };
  return decidePickup(ctx, say, {
    prepMinutes: prepMinutesOf(
      ctx,
      lines.map((l) => l.menuItemId),
    ),
    requested,
    callId: call.id,
    now: now.getTime(),
  });
}
