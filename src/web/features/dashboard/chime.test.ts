// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import '../../../../tests/render-web';

/** Web Audio as far as the chime uses it, counting the notes it starts (two per chime). */
class FakeAudioContext {
  static notes = 0;
  state: AudioContextState = 'running';
  currentTime = 0;
  destination = {};
  createOscillator() {
    FakeAudioContext.notes += 1;
    return { type: 'sine', frequency: { value: 0 }, connect: <T>(node: T) => node, start() {}, stop() {} };
  }
  createGain() {
    return {
      gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
      connect: <T>(node: T) => node,
    };
  }
  resume() {
    return Promise.resolve();
  }
}

/** A fresh chime module (it keeps the audio context and the first gesture) for each test. */
async function loadChime() {
  vi.resetModules();
  return import('./chime');
}

const tap = () => window.dispatchEvent(new Event('pointerdown'));

beforeEach(() => {
  FakeAudioContext.notes = 0;
  vi.stubGlobal('AudioContext', FakeAudioContext);
});

describe('new-order chime', () => {
  it('waits for the first tap on the page, which the sound indicator follows', async () => {
    const chime = await loadChime();
    const stop = chime.unlockAudioOnFirstGesture();
    const { result } = renderHook(() => chime.useSoundBlocked());
    expect(result.current).toBe(true);
    chime.playAlertReminder();
    expect(FakeAudioContext.notes).toBe(0);

    act(() => {
      tap();
    });
    expect(result.current).toBe(false);
    chime.playAlertReminder();
    expect(FakeAudioContext.notes).toBe(2);
    stop();
  });

  it('chimes once per order across the tabs of this browser', async () => {
    const chime = await loadChime();
    chime.unlockAudioOnFirstGesture();
    tap();
    chime.playNewOrderChime('order-1');
    chime.playNewOrderChime('order-1');
    expect(FakeAudioContext.notes).toBe(2);
    chime.playNewOrderChime('order-2');
    expect(FakeAudioContext.notes).toBe(4);
  });

  it('leaves a reminder to a tab that just played one, and plays nothing while muted', async () => {
    const chime = await loadChime();
    chime.unlockAudioOnFirstGesture();
    tap();
    // Another tab reminded a second ago.
    localStorage.setItem('pickupline.lastAlertReminderAt', String(Date.now() - 1_000));
    chime.playAlertReminder();
    expect(FakeAudioContext.notes).toBe(0);
    localStorage.setItem('pickupline.lastAlertReminderAt', String(Date.now() - 9_000));
    chime.playAlertReminder();
    expect(FakeAudioContext.notes).toBe(2);

    const { result } = renderHook(() => chime.useChimeMuted());
    act(() => result.current[1](true));
    expect(result.current[0]).toBe(true);
    expect(localStorage.getItem('pickupline.chimeMuted')).toBe('true');
    localStorage.removeItem('pickupline.lastAlertReminderAt');
    chime.playAlertReminder();
    chime.playNewOrderChime('order-3');
    expect(FakeAudioContext.notes).toBe(2);
  });
});
