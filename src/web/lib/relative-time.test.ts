import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './relative-time';

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
