/** Business hours rules. Times are 'HH:MM:SS' as stored; the UI edits 'HH:MM'. */

export const DAYS_OF_WEEK = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const DEFAULT_OPEN_TIME = '09:00:00';
export const DEFAULT_CLOSE_TIME = '17:00:00';

export interface DayHours {
  dayOfWeek: number;
  openTime: string;
  closeTime: string;
  isClosed: boolean;
}

/** Seven days, 09:00–17:00, Sunday closed. */
export function defaultBusinessHours(): DayHours[] {
  return DAYS_OF_WEEK.map((_, dayOfWeek) => ({
    dayOfWeek,
    openTime: DEFAULT_OPEN_TIME,
    closeTime: DEFAULT_CLOSE_TIME,
    isClosed: dayOfWeek === 0,
  }));
}

/** '9:05' or '09:05' or '09:05:00' → '09:05:00'; null when it is not a time of day. */
export function normalizeTime(value: string): string | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [h, m, s = '00'] = [Number(match[1]), match[2]!, match[3]];
  if (h > 23 || Number(m) > 59 || Number(s) > 59) return null;
  return `${String(h).padStart(2, '0')}:${m}:${s}`;
}

/** The hours handed to the voice provider: Monday's, or 09:00–17:00 when Monday is closed or unknown. */
export function agentHoursFrom(hours: readonly DayHours[]): { openHours: string; closeHours: string } {
  const monday = hours.find((h) => h.dayOfWeek === 1);
  if (!monday || monday.isClosed) return { openHours: DEFAULT_OPEN_TIME, closeHours: DEFAULT_CLOSE_TIME };
  return { openHours: monday.openTime, closeHours: monday.closeTime };
}
