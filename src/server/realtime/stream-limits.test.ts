import { describe, expect, it } from 'vitest';
import { openFileLimit, streamCapFor, streamLimits } from './stream-limits';

const procLimits = (soft: string, hard: string) =>
  [
    'Limit                     Soft Limit           Hard Limit           Units     ',
    'Max cpu time              unlimited            unlimited            seconds   ',
    `Max open files            ${soft.padEnd(20)} ${hard.padEnd(20)} files     `,
    'Max locked memory         8388608              8388608              bytes     ',
  ].join('\n');

describe('stream caps', () => {
  it('reads the soft open-file limit from /proc/self/limits', () => {
    expect(openFileLimit(procLimits('1024', '524288'))).toBe(1024);
    expect(openFileLimit(procLimits('unlimited', 'unlimited'))).toBe(Number.MAX_SAFE_INTEGER);
    // Not Linux, or unreadable: the common default is assumed.
    expect(openFileLimit(null)).toBe(1024);
    expect(openFileLimit('nothing useful')).toBe(1024);
  });

  it('gives streams half of the files left once the process’s own are set aside', () => {
    expect(streamCapFor(1024)).toBe(462);
    expect(streamCapFor(20_000)).toBe(9_950);
    expect(streamCapFor(50)).toBe(1);
    expect(streamCapFor(Number.MAX_SAFE_INTEGER)).toBe(499_950);
  });

  it('takes EVENT_STREAMS_MAX over the file limit, and the per-account cap as set', () => {
    expect(streamLimits({ EVENT_STREAMS_PER_USER: 10 }, 1024)).toMatchObject({ perUser: 10, total: 462 });
    expect(streamLimits({ EVENT_STREAMS_PER_USER: 3, EVENT_STREAMS_MAX: 50 }, 1024)).toMatchObject({
      perUser: 3,
      total: 50,
    });
  });
});
