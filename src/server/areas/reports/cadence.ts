import { Cron } from 'croner';
import { badRequest } from '../../errors.ts';
import { lastWholePeriod, type Period, todayIn } from './period.ts';

export type Frequency = 'monthly' | 'weekly';

/** On the 1st at 06:00, or on Mondays at 06:00, in the customer's time zone: the period just ended is whole. */
const CRON: Record<Frequency, string> = { monthly: '0 6 1 * *', weekly: '0 6 * * 1' };

/** An IANA time zone the runtime knows, by its canonical name (400 naming `field` otherwise). */
export function checkedTimeZone(timeZone: string, field = 'time_zone'): string {
  // Offsets (+02:00) and abbreviations (EET) are refused: only a named zone follows daylight saving.
  if (!timeZone.includes('/') && timeZone !== 'UTC')
    throw badRequest(field, 'must be an IANA time zone such as Europe/Helsinki');
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone }).resolvedOptions().timeZone;
  } catch {
    throw badRequest(field, 'must be an IANA time zone such as Europe/Helsinki');
  }
}

/** The next time a schedule runs after `from`. */
export function nextRunOf(frequency: Frequency, timeZone: string, from: Date): Date {
  return new Cron(CRON[frequency], { timezone: timeZone, paused: true }).nextRun(from)!;
}

/** What a run at `now` covers: the last whole month (with the two before) or week, in the customer's time zone. */
export function scheduledPeriod(frequency: Frequency, timeZone: string, now: Date): Period {
  return lastWholePeriod(frequency === 'monthly' ? 'month' : 'week', todayIn(timeZone, now));
}
