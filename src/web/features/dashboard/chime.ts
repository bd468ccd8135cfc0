import { useSyncExternalStore } from 'react';
import { chimeMuted, useDeviceSetting } from '@web/lib/local-settings';

const LAST_CHIME_KEY = 'pickupline.lastChimedOrder';
const LAST_REMINDER_KEY = 'pickupline.lastAlertReminderAt';

let audio: AudioContext | null = null;

const soundListeners = new Set<() => void>();
let hasGesture = false;
const soundAllowed = () => hasGesture || (navigator.userActivation?.hasBeenActive ?? false);
const allowSound = () => {
  if (hasGesture) return;
  hasGesture = true;
  for (const notify of soundListeners) notify();
};

/**
 * Browsers only let a page make sound after the person has interacted with it. The first click or key press on the
 * dashboard creates (or resumes) the audio context, so later chimes for incoming orders can play.
 */
export function unlockAudioOnFirstGesture(): () => void {
  const unlock = () => {
    allowSound();
    try {
      audio ??= new AudioContext();
      if (audio.state === 'suspended') void audio.resume();
    } catch {
      // No Web Audio: the dashboard works silently.
    }
  };
  const options = { capture: true, once: true } as const;
  window.addEventListener('pointerdown', unlock, options);
  window.addEventListener('keydown', unlock, options);
  return () => {
    window.removeEventListener('pointerdown', unlock, options);
    window.removeEventListener('keydown', unlock, options);
  };
}

/** Whether the browser still holds sound back until the first tap or key press on the page. */
export function useSoundBlocked() {
  const allowed = useSyncExternalStore(
    (listener) => {
      soundListeners.add(listener);
      return () => soundListeners.delete(listener);
    },
    soundAllowed,
    () => true,
  );
  return !allowed;
}

/** A short two-note chime, synthesised so there is no audio file to load. */
function playTone(context: AudioContext) {
  const start = context.currentTime + 0.01;
  [880, 1318.5].forEach((frequency, index) => {
    const at = start + index * 0.16;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.5);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.55);
  });
}

/** Plays the chime if the browser allows sound; `claim` decides at the last moment whether this tab should. */
function chime(claim: () => boolean) {
  if (chimeMuted.get()) return;
  // A click anywhere in the app earlier (say, on the link that led here) already allows sound.
  const mayPlay = soundAllowed();
  const play = (context: AudioContext) => {
    try {
      if (claim()) playTone(context);
    } catch {
      // Storage or audio unavailable: stay silent rather than break the dashboard.
    }
  };
  try {
    if (!audio && mayPlay) audio = new AudioContext();
    const context = audio;
    if (!context) return;
    if (context.state === 'running') play(context);
    else if (mayPlay)
      context.resume().then(
        () => play(context),
        () => undefined,
      );
  } catch {
    // No Web Audio: the dashboard works silently.
  }
}

/**
 * Chimes for a new order unless muted. With the dashboard open in several tabs, only the first tab to hear about an
 * order plays it.
 */
export function playNewOrderChime(orderId: string) {
  chime(() => {
    if (localStorage.getItem(LAST_CHIME_KEY) === orderId) return false;
    localStorage.setItem(LAST_CHIME_KEY, orderId);
    return true;
  });
}

/**
 * The repeated reminder for orders nobody has acknowledged yet. Several tabs repeating at once would sound like a
 * stutter, so a tab stays quiet when another one reminded in the last few seconds.
 */
export function playAlertReminder(minGapMs = 5_000) {
  chime(() => {
    const now = Date.now();
    const last = Number(localStorage.getItem(LAST_REMINDER_KEY) ?? 0);
    if (now - last >= 0 && now - last < minGapMs) return false;
    localStorage.setItem(LAST_REMINDER_KEY, String(now));
    return true;
  });
}

/** The owner's sound choice, remembered in this browser. */
export const useChimeMuted = () => useDeviceSetting(chimeMuted);

/** Plays the chime once on request (turning sound back on), so the owner hears what it sounds like. */
export function previewChime() {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
    playTone(audio);
  } catch {
    // No Web Audio available.
  }
}
