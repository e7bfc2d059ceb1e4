import { eq } from 'drizzle-orm';
import { customers, reportSchedules } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { type Frequency, nextRunOf } from './cadence.ts';

/** A customer without a time zone of its own is on UTC. */
export const zoneOf = (timeZone: string | null | undefined) => timeZone || 'UTC';

/** The time zone a customer's schedules run in, read in `tx` (the caller's reach). */
export async function customerTimeZone(tx: Db, customerId: string): Promise<string> {
  const [row] = await tx
    .select({ timeZone: customers.timeZone })
    .from(customers)
    .where(eq(customers.customerId, customerId));
  return zoneOf(row?.timeZone);
}

/**
 * A customer's time zone changed: each of its schedules runs next at 06:00 on its day in the new
 * zone, not at the instant the old zone gave.
 */
export async function retimeSchedules(tx: Db, customerId: string, timeZone: string, now: Date) {
  const schedules = await tx
    .select({ id: reportSchedules.id, frequency: reportSchedules.frequency })
    .from(reportSchedules)
    .where(eq(reportSchedules.customerId, customerId));
  for (const schedule of schedules)
    await tx
      .update(reportSchedules)
      .set({ timeZone, nextRunAt: nextRunOf(schedule.frequency as Frequency, timeZone, now) })
      .where(eq(reportSchedules.id, schedule.id));
}
