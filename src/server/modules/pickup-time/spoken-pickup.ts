import type { Language } from '@shared/domain/languages';
import { localDaysAhead } from '@shared/domain/pickup-quote';
import { wallClockAt } from '@shared/domain/zoned-time';
import { PHRASES, speakDay, speakTime } from '../language/speech';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A pickup time as the caller hears it and the customer's text says it, on the restaurant's clock: the time alone
 * ('5:40 PM') and with its day ('today at 7:00 PM', 'tomorrow at 11:15 AM', 'on Monday at …').
 */
export function speakPickup(
  language: Language,
  at: number,
  now: number,
  timeZone: string,
): { time: string; when: string } {
  const wall = wallClockAt(at, timeZone);
  const time = speakTime(language, `${pad(wall.hour)}:${pad(wall.minute)}:00`);
  const dayOfWeek = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
  const when = PHRASES[language].when(localDaysAhead(at, now, timeZone), speakDay(language, dayOfWeek), time);
  return { time, when };
}
