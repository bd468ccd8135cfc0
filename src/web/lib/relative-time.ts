import { useMemo, useSyncExternalStore } from 'react';
import { skipToken, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@shared/contracts/me';
import { meQueryKey } from './session';

const TICK_MS = 30_000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

/** One shared 30-second clock for every "x ago" on screen, instead of a timer per card. */
function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current time in ms, re-rendering the caller every 30 s. */
export function useNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** '3 minutes ago', '2 hours ago', '1 day ago'. A time slightly ahead of our clock reads as just now. */
export function formatTimeAgo(iso: string, nowMs: number): string {
  const seconds = Math.max(0, (nowMs - Date.parse(iso)) / 1000);
  if (seconds < 60) return 'less than a minute ago';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return relative.format(-hours, 'hour');
  return relative.format(-Math.floor(hours / 24), 'day');
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One cached formatter per style and zone; `undefined` is the browser's own zone. */
function formatIn(style: 'time' | 'day' | 'dayTime' | 'dateTime' | 'zone' | 'offset', timeZone: string | undefined) {
  const key = `${style}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      style === 'time'
        ? { hour: 'numeric', minute: '2-digit' }
        : style === 'day'
          ? { year: 'numeric', month: '2-digit', day: '2-digit' }
          : style === 'dayTime'
            ? { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }
            : style === 'dateTime'
              ? { dateStyle: 'medium', timeStyle: 'short' }
              : { hour: 'numeric', timeZoneName: style === 'zone' ? 'short' : 'longOffset' };
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

const partOf = (format: Intl.DateTimeFormat, at: Date) =>
  format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';

/** '5:16 PM' in the given zone (the browser's when none is given). */
export function formatClockTime(value: string | number | Date, timeZone?: string): string {
  return formatIn('time', timeZone).format(new Date(value));
}

/** Whether two moments fall on the same calendar day in the given zone (the browser's when none is given). */
export function isSameDay(a: string | number | Date, b: string | number | Date, timeZone?: string): boolean {
  const day = formatIn('day', timeZone);
  return day.format(new Date(a)) === day.format(new Date(b));
}

/** 'Nov 26, 5:16 PM' in the given zone (the browser's when none is given): a day this year, without the year. */
export function formatDayTime(value: string | number | Date, timeZone?: string): string {
  return formatIn('dayTime', timeZone).format(new Date(value));
}

/** 'Nov 26, 2026, 5:16 PM' in the given zone (the browser's when none is given). */
export function formatDateTime(value: string | number | Date, timeZone?: string): string {
  return formatIn('dateTime', timeZone).format(new Date(value));
}

/** The zone's short name at that moment: 'PST', 'EDT', or 'GMT+9' where English has no abbreviation. */
export function zoneName(timeZone: string | undefined, at: string | number | Date = Date.now()): string {
  return partOf(formatIn('zone', timeZone), new Date(at));
}

/** The zone as people name it: 'America/Los_Angeles' → 'Los Angeles', 'UTC' → 'UTC'. */
export function zonePlace(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ');
}

/** Whether a clock in the zone reads differently from this browser's at that moment (not just a different name). */
export function isOtherZone(timeZone: string | undefined, at: string | number | Date = Date.now()): boolean {
  if (!timeZone) return false;
  const moment = new Date(at);
  return partOf(formatIn('offset', timeZone), moment) !== partOf(formatIn('offset', undefined), moment);
}

/**
 * Times as the restaurant reads them: in its zone, with the zone named when this browser's clock reads otherwise
 * (a tablet set to the wrong zone, an owner travelling), so "5:16 PM" never means two different moments.
 */
export interface RestaurantClock {
  timeZone: string | undefined;
  /** '5:16 PM', or '5:16 PM PST' on a browser in another zone. */
  time: (value: string | number | Date) => string;
  /** 'Nov 26, 5:16 PM', the same way. */
  dayTime: (value: string | number | Date) => string;
  /** 'Nov 26, 2026, 5:16 PM', the same way. */
  dateTime: (value: string | number | Date) => string;
  /** The zone's short name now ('PST') when this browser's clock reads otherwise; null when they agree. */
  otherZoneName: string | null;
}

export function restaurantClock(timeZone: string | undefined): RestaurantClock {
  const named = (text: string, at: string | number | Date) =>
    isOtherZone(timeZone, at) ? `${text} ${zoneName(timeZone, at)}` : text;
  return {
    timeZone,
    time: (value) => named(formatClockTime(value, timeZone), value),
    dayTime: (value) => named(formatDayTime(value, timeZone), value),
    dateTime: (value) => named(formatDateTime(value, timeZone), value),
    otherZoneName: isOtherZone(timeZone) ? zoneName(timeZone) : null,
  };
}

/**
 * The signed-in restaurant's clock; the browser's own until the session has loaded. It follows the session that the
 * signed-in area already keeps (re-rendering when the zone changes) without asking the server for it again.
 */
export function useRestaurantClock(): RestaurantClock {
  const { data: timeZone } = useQuery<MeResponse | null, Error, string | undefined>({
    queryKey: meQueryKey,
    queryFn: skipToken,
    select: (me) => me?.restaurant.timeZone,
  });
  return useMemo(() => restaurantClock(timeZone), [timeZone]);
}
