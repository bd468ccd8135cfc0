import { describe, expect, it } from 'vitest';
import { CALL_ENDED_REASONS, CALL_OUTCOMES } from '@shared/domain/calls';
import { callerName, endedReasonText, formatDuration, outcomeStyle, spokenDuration } from './call-format';

describe('call log formatting', () => {
  it('labels every outcome, and says In progress until the call has ended', () => {
    expect(CALL_OUTCOMES.map((outcome) => outcomeStyle({ status: 'ended', outcome }).label)).toEqual([
      'Ordered',
      'No order',
      'Busy',
      'Closed',
      'Expired',
      'Transferred',
      'Failed',
    ]);
    for (const status of ['queued', 'ringing', 'in-progress', 'forwarding'] as const) {
      expect(outcomeStyle({ status, outcome: 'ordered' })).toMatchObject({ label: 'In progress', isLive: true });
    }
    expect(outcomeStyle({ status: 'ended', outcome: null }).label).toBe('Ended');
  });

  it('writes durations as m:ss and says them in words', () => {
    expect([0, 5, 59, 60, 186, 3725].map(formatDuration)).toEqual(['0:00', '0:05', '0:59', '1:00', '3:06', '62:05']);
    expect(formatDuration(null)).toBeNull();
    expect([0, 1, 60, 186].map(spokenDuration)).toEqual(['0 seconds', '1 second', '1 minute', '3 minutes 6 seconds']);
  });

  it('shows the caller’s number the way the app shows numbers, or Unknown caller', () => {
    expect(callerName('+15551230001')).toBe('+1 (555) 123-0001');
    expect(callerName(null)).toBe('Unknown caller');
  });

  it('says in words why a call ended, PickupLine’s own reasons included', () => {
    expect(endedReasonText('customer-ended-call')).toBe('customer ended call');
    expect(endedReasonText(CALL_ENDED_REASONS.testCallIdle)).toBe('no message for 2 minutes');
    expect(endedReasonText(CALL_ENDED_REASONS.testCallLeft)).toBe('the test call’s page was closed');
    expect(endedReasonText(CALL_ENDED_REASONS.phoneCallSilent)).toBe('nothing heard from the call for 15 minutes');
  });
});
