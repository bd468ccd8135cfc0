/** Business hours rules. Times are 'HH:MM:SS' as stored; the UI edits 'HH:MM'. */

export const DAYS_OF_WEEK = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const DEFAULT_OPEN_TIME = '09:00:00';
export const DEFAULT_CLOSE_TIME = '17:00:00';

export interface DayHours {
  dayOfWeek: number;
  openTime: string;
  closeTime: string;
  isClosed: boolean;
}

/** Seven days, 09:00–17:00, Sunday closed. */
export function defaultBusinessHours(): DayHours[] {
  return DAYS_OF_WEEK.map((_, dayOfWeek) => ({
    dayOfWeek,
    openTime: DEFAULT_OPEN_TIME,
    closeTime: DEFAULT_CLOSE_TIME,
    isClosed: dayOfWeek === 0,
  }));
}

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
  | { isOpen: true; closesAt: string }
  /** `opensAt` is null when every day is closed. `daysAhead` 0 means later today, 1 tomorrow, and so on. */
  | { isOpen: false; opensAt: { dayOfWeek: number; time: string; daysAhead: number } | null };

/** Whether the restaurant is open at `now` in its own time zone, and if not, when it next opens. */
export function openState(hours: readonly DayHours[], timeZone: string, now: Date): OpenState {
  const clock = localClock(now, timeZone);
  const byDay = new Map(hours.map((h) => [h.dayOfWeek, h]));
  const today = byDay.get(clock.dayOfWeek);
  if (today && !today.isClosed && clock.time >= today.openTime && clock.time < today.closeTime) {
    return { isOpen: true, closesAt: today.closeTime };
  }
  for (let daysAhead = 0; daysAhead <= 7; daysAhead++) {
    const day = byDay.get((clock.dayOfWeek + daysAhead) % 7);
    if (!day || day.isClosed) continue;
    if (daysAhead === 0 && clock.time >= day.openTime) continue;
    return { isOpen: false, opensAt: { dayOfWeek: day.dayOfWeek, time: day.openTime, daysAhead } };
  }
  return { isOpen: false, opensAt: null };
}
