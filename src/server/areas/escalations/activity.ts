import type { escalations } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { recordActivity } from '../alerts/index.ts';

export type ActivityEntryOf = Record<string, unknown>;

/** One attempt or event of an escalation in its alert's activity (the system acts). */
export function recordEscalationActivity(
  tx: Db,
  row: Pick<typeof escalations.$inferSelect, 'id' | 'alertId' | 'customerId'>,
  after: ActivityEntryOf,
): Promise<void> {
  return recordActivity(tx, null, [
    {
      alertId: row.alertId,
      customerId: row.customerId,
      action: 'escalation',
      after: { ...after, escalation_id: row.id },
    },
  ]);
}
