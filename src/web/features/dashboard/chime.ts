import { useCallback, useSyncExternalStore } from 'react';

const MUTED_KEY = 'pickupline.chimeMuted';
const LAST_CHIME_KEY = 'pickupline.lastChimedOrder';

let audio: AudioContext | null = null;

/**
 * Browsers only let a page make sound after the person has interacted with it. The first click or key press on the
 * dashboard creates (or resumes) the audio context, so later chimes for incoming orders can play.
 */
export function unlockAudioOnFirstGesture(): () => void {
  const unlock = () => {
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

/**
 * Chimes for a new order unless muted. With the dashboard open in several tabs, only the first tab to hear about an
 * order plays it.
 */
export function playNewOrderChime(orderId: string) {
  if (chimeMuted.get()) return;
  // A click anywhere in the app earlier (say, on the link that led here) already allows sound.
  const mayPlay = navigator.userActivation?.hasBeenActive ?? false;
  const play = (context: AudioContext) => {
    try {
      if (localStorage.getItem(LAST_CHIME_KEY) === orderId) return;
      localStorage.setItem(LAST_CHIME_KEY, orderId);
      playTone(context);
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

const listeners = new Set<() => void>();

const chimeMuted = {
  get: () => localStorage.getItem(MUTED_KEY) === 'true',
  set: (muted: boolean) => {
    localStorage.setItem(MUTED_KEY, muted ? 'true' : 'false');
    for (const notify of listeners) notify();
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's choice applies here too.
  const onStorage = (event: StorageEvent) => event.key === MUTED_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The owner's sound choice, remembered in this browser. */
export function useChimeMuted() {
  const isMuted = useSyncExternalStore(subscribe, chimeMuted.get, () => false);
  const setMuted = useCallback((muted: boolean) => chimeMuted.set(muted), []);
  return [isMuted, setMuted] as const;
}

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
