/** Platform provisioning takes up to this many business days (spec 2, section 4). */
export const PROVISIONING_BUSINESS_DAYS = 2;

/**
 * `days` business days after `start`, in UTC: Saturdays and Sundays do not count, so a
 * subscription started on a Friday afternoon is due on Tuesday afternoon.
 */
export function addBusinessDays(start: Date, days: number): Date {
  const at = new Date(start);
  let left = days;
  // Starting on a weekend, the clock starts on Monday at the same time of day.
  while (isWeekend(at)) at.setUTCDate(at.getUTCDate() + 1);
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    if (!isWeekend(at)) left -= 1;
  }
  return at;
}

const isWeekend = (at: Date) => at.getUTCDay() === 0 || at.getUTCDay() === 6;
