/**
 * Schedule times are Oslo wall-clock minutes on an Oslo day (src/domain/scheduling/hours.ts); the
 * database keeps instants. These convert between the two, summer time included.
 */
import { TIME_ZONE } from '../constants';
import { osloDay } from '../calendar/days';

const parts = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' });

/** Minutes after Oslo midnight of an instant. */
export function osloMinute(instant: Date): number {
  const p = parts.formatToParts(instant);
  const get = (type: string) => Number(p.find((x) => x.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/** The Oslo day and minute of an instant. */
export const osloDayMinute = (instant: Date): { date: string; minute: number } => ({ date: osloDay(instant), minute: osloMinute(instant) });

/** The instant of `minute` after midnight on Oslo day `date` (YYYY-MM-DD). */
export function osloInstant(date: string, minute: number): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + minute * 60_000;
  // Oslo is UTC+1 or UTC+2: start from +1 and correct by what the guess reads as in Oslo.
  let guess = wall - 60 * 60_000;
  for (let i = 0; i < 2; i++) {
    const seen = osloDayMinute(new Date(guess));
    const seenWall = Date.parse(`${seen.date}T00:00:00Z`) + seen.minute * 60_000;
    guess += wall - seenWall;
  }
  return new Date(guess);
}
