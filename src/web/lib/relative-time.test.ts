import { describe, expect, it } from 'vitest';
import {
  formatClockTime,
  formatDateTime,
  formatDayTime,
  formatTimeAgo,
  isOtherZone,
  isSameDay,
  restaurantClock,
  zoneName,
  zonePlace,
} from './relative-time';

const now = Date.parse('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('formatTimeAgo', () => {
  it('reads "x ago" in the largest whole unit', () => {
    expect(formatTimeAgo(ago(59_000), now)).toBe('less than a minute ago');
    expect(formatTimeAgo(ago(60_000), now)).toBe('1 minute ago');
    expect(formatTimeAgo(ago(59 * 60_000), now)).toBe('59 minutes ago');
    expect(formatTimeAgo(ago(2 * 3600_000 + 1), now)).toBe('2 hours ago');
    expect(formatTimeAgo(ago(25 * 3600_000), now)).toBe('1 day ago');
  });

  it('treats a time slightly ahead of this clock as just now', () => {
    expect(formatTimeAgo(ago(-5_000), now)).toBe('less than a minute ago');
  });
});

describe('times in the restaurant’s zone', () => {
  // 01:30 UTC on Nov 27 is 5:30 PM on Nov 26 in Los Angeles and 10:30 AM on Nov 27 in Tokyo.
  const at = '2026-11-27T01:30:00.000Z';

  it('reads the clock of the zone it is given, whatever this machine’s', () => {
    expect(formatClockTime(at, 'America/Los_Angeles')).toBe('5:30 PM');
    expect(formatClockTime(at, 'Asia/Tokyo')).toBe('10:30 AM');
    expect(formatDayTime(at, 'America/Los_Angeles')).toBe('Nov 26, 5:30 PM');
    expect(formatDateTime(at, 'Asia/Tokyo')).toBe('Nov 27, 2026, 10:30 AM');
  });

  it('tells whether two moments share a day on the restaurant’s calendar', () => {
    const later = '2026-11-27T06:30:00.000Z';
    // Los Angeles: 5:30 PM and 10:30 PM on Nov 26. São Paulo: 10:30 PM on Nov 26, then 3:30 AM on Nov 27.
    expect(isSameDay(at, later, 'America/Los_Angeles')).toBe(true);
    expect(isSameDay(at, later, 'America/Sao_Paulo')).toBe(false);
    expect(isSameDay(at, '2026-11-27T08:30:00.000Z', 'America/Los_Angeles')).toBe(false);
  });

  it('names a zone by its short name and its place', () => {
    expect(zoneName('America/Los_Angeles', at)).toBe('PST');
    expect(zoneName('America/Los_Angeles', '2026-07-01T12:00:00Z')).toBe('PDT');
    expect(zonePlace('America/Los_Angeles')).toBe('Los Angeles');
    expect(zonePlace('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(zonePlace('UTC')).toBe('UTC');
  });

  it('tells a zone whose clock reads otherwise from one that only has another name', () => {
    // Two of these three always differ, and whichever this machine is in, its own zone never does.
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(isOtherZone(browserZone, at)).toBe(false);
    expect([isOtherZone('Asia/Tokyo', at), isOtherZone('America/Los_Angeles', at), isOtherZone('UTC', at)]).toContain(
      true,
    );
    // Vancouver keeps Los Angeles's clock: the two never differ.
    expect(formatClockTime(at, 'America/Vancouver')).toBe(formatClockTime(at, 'America/Los_Angeles'));
    expect(isOtherZone(undefined, at)).toBe(false);
  });

  it('adds the zone’s name to a time only when this browser’s clock reads otherwise', () => {
    for (const zone of ['America/Los_Angeles', 'Asia/Tokyo', 'UTC']) {
      const clock = restaurantClock(zone);
      const suffix = isOtherZone(zone, at) ? ` ${zoneName(zone, at)}` : '';
      expect(clock.time(at)).toBe(`${formatClockTime(at, zone)}${suffix}`);
      expect(clock.dayTime(at)).toBe(`${formatDayTime(at, zone)}${suffix}`);
      expect(clock.dateTime(at)).toBe(`${formatDateTime(at, zone)}${suffix}`);
      expect(clock.otherZoneName).toBe(isOtherZone(zone) ? zoneName(zone) : null);
    }
    // Without a zone (before the session loads) the browser's own clock, unnamed.
    expect(restaurantClock(undefined).time(at)).toBe(formatClockTime(at));
    expect(restaurantClock(undefined).otherZoneName).toBeNull();
  });
});
