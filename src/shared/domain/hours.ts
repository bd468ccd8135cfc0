/** Business hours rules. Times are 'HH:MM:SS' as stored; the UI edits 'HH:MM'. */

export const DAYS_OF_WEEK = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The spec's stored defaults: the table's column defaults, and create-vapi-agent's hours when Monday is closed. */
export const DEFAULT_OPEN_TIME = '09:00:00';
export const DEFAULT_CLOSE_TIME = '17:00:00';

/**
 * The week a new restaurant starts from, before the owner has saved hours: 11:00–21:00 every day. Restaurants that
 * take pickup orders by phone serve lunch and dinner and are open at weekends, when people order most; 9-to-5 with
 * Sunday closed fits an office, and would have the assistant turn away every dinner order. The owner adjusts it in
 * step 2 of onboarding; it is a starting point that most kitchens are open within.
 */
export const STARTING_OPEN_TIME = '11:00:00';
export const STARTING_CLOSE_TIME = '21:00:00';

/**
 * One day's hours: a first period and an optional second one (lunch and dinner). A period whose closing time is at or
 * before its opening time closes the next day (18:00–02:00 is open until 2 in the morning).
 */
export interface DayHours {
  dayOfWeek: number;
  openTime: string;
  closeTime: string;
  /** The second period, both set or both null; left out (older clients) means none. */
  openTime2?: string | null;
  closeTime2?: string | null;
  isClosed: boolean;
}

export interface HoursPeriod {
  openTime: string;
  closeTime: string;
}

/** Seven days, 11:00–21:00, every day open, one period a day (see STARTING_OPEN_TIME). */
export function defaultBusinessHours(): DayHours[] {
  return DAYS_OF_WEEK.map((_, dayOfWeek) => ({
    dayOfWeek,
    openTime: STARTING_OPEN_TIME,
    closeTime: STARTING_CLOSE_TIME,
    openTime2: null,
    closeTime2: null,
    isClosed: false,
  }));
}

const DAY_SECONDS = 86_400;
const WEEK_SECONDS = 7 * DAY_SECONDS;

/** 'HH:MM' or 'HH:MM:SS' → seconds after midnight ('24:00:00', which PostgreSQL allows, is the end of the day). */
function secondsOf(time: string): number {
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}

/** Seconds after midnight → 'HH:MM:SS' (any whole number of days dropped). */
function timeOf(seconds: number): string {
  const within = ((seconds % DAY_SECONDS) + DAY_SECONDS) % DAY_SECONDS;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(within / 3600))}:${pad(Math.floor((within % 3600) / 60))}:${pad(within % 60)}`;
}

/** Closes after midnight: the closing time is at or before the opening time. */
export function isOvernight(period: HoursPeriod): boolean {
  return secondsOf(period.closeTime) <= secondsOf(period.openTime);
}

/** An open day's periods, earliest opening first; none on a closed day. */
export function periodsOf(day: DayHours): HoursPeriod[] {
  if (day.isClosed) return [];
  const periods: HoursPeriod[] = [{ openTime: day.openTime, closeTime: day.closeTime }];
  if (day.openTime2 && day.closeTime2) periods.push({ openTime: day.openTime2, closeTime: day.closeTime2 });
  return periods.sort((a, b) => secondsOf(a.openTime) - secondsOf(b.openTime));
}

/** A period placed on the week: seconds from Sunday 00:00 local; `end` passes the week's end for Saturday night. */
export interface WeekSpan {
  dayOfWeek: number;
  /** 1 for the day's first period as stored, 2 for its second. */
  period: 1 | 2;
  start: number;
  end: number;
}

/** Every open period of the week, by start. */
export function weekSpans(hours: readonly DayHours[]): WeekSpan[] {
  const spans: WeekSpan[] = [];
  for (const day of hours) {
    if (day.isClosed) continue;
    const stored: [1 | 2, string | null | undefined, string | null | undefined][] = [
      [1, day.openTime, day.closeTime],
      [2, day.openTime2, day.closeTime2],
    ];
    for (const [period, open, close] of stored) {
      if (!open || !close) continue;
      const start = day.dayOfWeek * DAY_SECONDS + secondsOf(open);
      const length = secondsOf(close) - secondsOf(open);
      spans.push({
        dayOfWeek: day.dayOfWeek,
        period,
        start,
        end: start + (length > 0 ? length : length + DAY_SECONDS),
      });
    }
  }
  return spans.sort((a, b) => a.start - b.start || a.period - b.period);
}

/**
 * The first two periods of the week that overlap, the later-starting one second (Saturday night's period running
 * into Sunday counts against Sunday's); null when none do. Periods that only touch (14:00 and 14:00) do not overlap.
 */
export function findOverlap(hours: readonly DayHours[]): { earlier: WeekSpan; later: WeekSpan } | null {
  const spans = weekSpans(hours);
  for (const [i, later] of spans.entries()) {
    for (const earlier of spans.slice(0, i)) if (later.start < earlier.end) return { earlier, later };
    // Saturday night into Sunday morning: the span seen a week earlier.
    for (const earlier of spans.slice(i + 1)) {
      if (earlier.end > WEEK_SECONDS && later.start < earlier.end - WEEK_SECONDS) return { earlier, later };
    }
  }
  return null;
}

/** When a span ends, as a time of day ('02:00:00' for a period running to 2 in the morning). */
export const endTimeOf = (span: WeekSpan) => timeOf(span.end);

/** '9:05' or '09:05' or '09:05:00' → '09:05:00'; null when it is not a time of day. */
export function normalizeTime(value: string): string | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [h, m, s = '00'] = [Number(match[1]), match[2]!, match[3]];
  if (h > 23 || Number(m) > 59 || Number(s) > 59) return null;
  return `${String(h).padStart(2, '0')}:${m}:${s}`;
}

/** The hours handed to the voice provider: Monday's, or 09:00–17:00 when Monday is closed or unknown. */
export function agentHoursFrom(hours: readonly DayHours[]): { openHours: string; closeHours: string } {
  const monday = hours.find((h) => h.dayOfWeek === 1);
  if (!monday || monday.isClosed) return { openHours: DEFAULT_OPEN_TIME, closeHours: DEFAULT_CLOSE_TIME };
  return { openHours: monday.openTime, closeHours: monday.closeTime };
}

/** Building an Intl formatter costs far more than using one: one per time zone, kept. */
const clockFormats = new Map<string, Intl.DateTimeFormat>();
function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    clockFormats.set(timeZone, format);
  }
  return format;
}

/** The day of the week (0 Sunday) and the time of day ('HH:MM:SS') at `now` in the restaurant's time zone. */
export function localClock(now: Date, timeZone: string): { dayOfWeek: number; time: string } {
  const parts = clockFormat(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  const dayOfWeek = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
  return { dayOfWeek, time: `${part('hour')}:${part('minute')}:${part('second')}` };
}

export type OpenState =
  /** `dayOfWeek` is the day the current period belongs to (Friday's, at 01:00 on Saturday after a late Friday). */
  | { isOpen: true; closesAt: string; dayOfWeek: number }
  /** `opensAt` is null when every day is closed. `daysAhead` 0 means later today, 1 tomorrow, and so on. */
  | { isOpen: false; opensAt: { dayOfWeek: number; time: string; daysAhead: number } | null };

/**
 * Whether the restaurant is open at `now` in its own time zone, and if not, when it next opens. Both periods of a day
 * count, and a period closing after midnight keeps the restaurant open into the next day (Saturday night into Sunday
 * too). Times are wall-clock times, so a day when the clocks change keeps its hours as written.
 */
export function openState(hours: readonly DayHours[], timeZone: string, now: Date): OpenState {
  const clock = localClock(now, timeZone);
  const at = clock.dayOfWeek * DAY_SECONDS + secondsOf(clock.time);
  // Last week's, this week's and next week's periods: Saturday night reaches into this Sunday, and the next opening
  // may be next week.
  const spans = [-WEEK_SECONDS, 0, WEEK_SECONDS].flatMap((shift) =>
    weekSpans(hours).map((s) => ({ ...s, start: s.start + shift, end: s.end + shift })),
  );
  const current = spans.find((s) => s.start <= at && at < s.end);
  if (current) {
    // A period that starts as this one ends (or before) keeps the restaurant open: the closing time is the last end.
    let end = current.end;
    for (let next = spans.find((s) => s.start <= end && s.end > end); next;) {
      end = next.end;
      if (end - at >= WEEK_SECONDS) {
        end = current.end; // open around the clock: say when this period ends
        break;
      }
      next = spans.find((s) => s.start <= end && s.end > end);
    }
    return { isOpen: true, closesAt: timeOf(end), dayOfWeek: current.dayOfWeek };
  }
  const next = spans.filter((s) => s.start > at).sort((a, b) => a.start - b.start)[0];
  if (!next) return { isOpen: false, opensAt: null };
  return {
    isOpen: false,
    opensAt: {
      dayOfWeek: next.dayOfWeek,
      time: timeOf(next.start),
      daysAhead: Math.floor(next.start / DAY_SECONDS) - clock.dayOfWeek,
    },
  };
}
