/** How long busy mode can be switched on for, in minutes; without one it stays on until switched off. */
export const BUSY_MODE_DURATIONS = [15, 30, 60] as const;
export type BusyModeDuration = (typeof BUSY_MODE_DURATIONS)[number];

const MINUTE_MS = 60_000;

export interface BusyModeState {
  isBusyMode: boolean;
  /** When it ends by itself; null while it is on until switched off. */
  busyUntil: Date | string | null;
}

/** Busy mode counts as on while it is switched on and its end time, if it has one, is still ahead. */
export function isBusyNow(state: BusyModeState, now: Date = new Date()): boolean {
  if (!state.isBusyMode) return false;
  return state.busyUntil === null || new Date(state.busyUntil).getTime() > now.getTime();
}

/** When busy mode switched on now for this many minutes ends. */
export function busyUntilFrom(durationMinutes: BusyModeDuration, now: Date = new Date()): Date {
  return new Date(now.getTime() + durationMinutes * MINUTE_MS);
}

/** Whole minutes left, rounded up (30 seconds left is 1 minute); 0 once the end has passed. */
export function busyMinutesLeft(busyUntil: Date | string, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((new Date(busyUntil).getTime() - now.getTime()) / MINUTE_MS));
}
