/**
 * Wall-clock times in a time zone and the instants they name, with nothing but Intl: what the restaurant's clock
 * reads at an instant, and which instant it reads a given date and time.
 */

export interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const MINUTE_MS = 60_000;

const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** What the clock on the wall reads at `at` in `timeZone` (to the minute). */
export function wallClockAt(at: number, timeZone: string): WallClock {
  const parts = formatFor(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
  };
}

/** How far the zone's clock is ahead of UTC at `at`, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const wall = wallClockAt(at, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return asUtc - Math.floor(at / MINUTE_MS) * MINUTE_MS;
}

/**
 * The instant the zone's clock reads this date and time. Out-of-range fields roll over as in `Date.UTC` (day 32 is
 * the next month's first). A time the clocks skip (spring forward) is read with the offset from before the change;
 * a time they repeat (fall back) is its first occurrence.
 */
export function instantAt(timeZone: string, wall: WallClock): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const first = asUtc - offsetAt(asUtc, timeZone);
  const second = asUtc - offsetAt(first, timeZone);
  return Math.min(first, second);
}

/** The same wall-clock date `days` later (or earlier), at `hour`:`minute`. */
export function dayAt(wall: Pick<WallClock, 'year' | 'month' | 'day'>, days: number, hour: number, minute: number) {
  return { year: wall.year, month: wall.month, day: wall.day + days, hour, minute };
}
