import { isOvernight, localClock, openState, periodsOf } from '@shared/domain/hours';
import { formatCents, type Cents } from '@shared/domain/money';
import { groupMenu } from '@shared/contracts/menu';
import type { CallContext, MenuEntry } from './call-context';
import { PHRASES, speakDay, speakTime } from '../language/speech';
import { PACKS } from '../language';
import type { PromptText } from '../language/types';

/**
 * The voice assistant's system prompt, written in the restaurant's language only (the transcriber listens for that
 * one language, so a prompt that mixed languages would only invite the model to switch). Built for each call from the
 * restaurant's current data; the tool executor enforces the same rules (closed, busy, plan, sold out, caps) whatever
 * the model does, so the prompt is there to make the conversation right, not to keep the data right.
 */

// Monday first, as people read a week's hours.
const WEEK = [1, 2, 3, 4, 5, 6, 0];
const MAX_DESCRIPTION = 120;

/** Owner-typed text on one line, so it cannot break the prompt's structure. */
function oneLine(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

const signedPrice = (cents: Cents) => (cents === 0 ? '' : ` ${cents > 0 ? '+' : '-'}${formatCents(Math.abs(cents))}`);

function menuLine(t: PromptText, item: MenuEntry): string {
  const description = item.description ? ` (${oneLine(item.description, MAX_DESCRIPTION)})` : '';
  const options = item.options.map(
    (g) =>
      `\n  - ${t.option(
        oneLine(g.name, 60),
        g.required ? 'required' : g.multiple ? 'any' : 'one',
        g.choices.map((c) => `${oneLine(c.name, 60)}${signedPrice(c.priceDeltaCents)}`),
      )}`,
  );
  return `- ${oneLine(item.name, 100)}: ${formatCents(item.priceCents)}${description}${options.join('')}`;
}

/** The available dishes, under their categories (in the owner's order) when the menu has any. */
function menuLines(t: PromptText, ctx: CallContext, available: MenuEntry[]): string[] {
  const sections = groupMenu(ctx.categories, available);
  if (sections.length === 1 && sections[0]!.category === null) return available.map((m) => menuLine(t, m));
  return sections.map(
    (section) =>
      `### ${oneLine(section.category?.name ?? t.otherCategory, 80)}\n${section.items.map((m) => menuLine(t, m)).join('\n')}`,
  );
}

export function buildSystemPrompt(ctx: CallContext, now: Date): string {
  const t = PACKS[ctx.language].prompt;
  const lang = ctx.language;
  const clock = localClock(now, ctx.timeZone);
  const state = openState(ctx.hours, ctx.timeZone, now);
  const restaurant = oneLine(ctx.restaurantName, 100);

  const current = [t.now(speakDay(lang, clock.dayOfWeek), speakTime(lang, clock.time), ctx.timeZone)];
  if (state.isOpen) {
    current.push(t.openNow(speakTime(lang, state.closesAt)));
  } else {
    const next = state.opensAt;
    current.push(
      next
        ? t.closedNow(PHRASES[lang].when(next.daysAhead, speakDay(lang, next.dayOfWeek), speakTime(lang, next.time)))
        : t.neverOpen,
      t.closedRule,
    );
  }
  if (ctx.isBusyMode) current.push(t.busy(oneLine(ctx.busyMessage, 300)));
  if (!ctx.canTakeOrders) current.push(t.cannotTakeOrders);
  current.push(t.staffLine(ctx.forwardingPhone !== null));

  const byDay = new Map(ctx.hours.map((h) => [h.dayOfWeek, h]));
  const hours = WEEK.map((day) => {
    const h = byDay.get(day);
    const periods = h ? periodsOf(h) : [];
    const name = speakDay(lang, day);
    return periods.length > 0
      ? `- ${t.dayHours(
          name,
          periods.map((p) => t.period(speakTime(lang, p.openTime), speakTime(lang, p.closeTime), isOvernight(p))),
        )}`
      : `- ${t.dayClosed(name)}`;
  });

  const available = ctx.menu.filter((m) => m.isAvailable);
  const soldOut = ctx.menu.filter((m) => !m.isAvailable);
  const menu = available.length > 0 ? menuLines(t, ctx, available) : [t.emptyMenu];

  const sections = [
    `${t.intro(restaurant)}${lang === 'zh' ? '' : ' '}${t.language}`,
    `## ${t.nowTitle}\n${current.map((line) => `- ${line}`).join('\n')}`,
    `## ${t.hoursTitle}\n${hours.join('\n')}`,
    `## ${t.menuTitle}\n${menu.join('\n')}`,
    soldOut.length > 0 ? `## ${t.soldOutTitle}\n${soldOut.map((m) => `- ${oneLine(m.name, 100)}`).join('\n')}` : null,
    `## ${t.orderingTitle}\n- ${ctx.allowCustomOrders ? t.customAllowed : t.customNotAllowed}\n${
      available.some((m) => m.options.length > 0) ? `- ${t.optionsRule}\n` : ''
    }- ${t.caps(ctx.caps.maxQuantityPerLine, ctx.caps.maxLines, formatCents(ctx.caps.maxTotalCents))}`,
    `## ${t.rulesTitle}\n${t.rules.map((rule, i) => `${i + 1}. ${rule}`).join('\n')}`,
  ];
  // A sentence ending in an abbreviated time ('5:00 p.m.') must not get a second full stop.
  return sections
    .filter((s) => s !== null)
    .join('\n\n')
    .replace(/\.\.(?=\s|$)/g, '.');
}
