import type { Principal } from './auth/principal.ts';
import type { Db } from './db/client.ts';
import { auditLog } from './db/schema/index.ts';

/** Records a change made through the API, in the same transaction as the change itself. */
export async function audit(
  tx: Db,
  principal: Principal,
  entry: {
    action: string;
    entity: string;
    entityId?: string;
    customerId?: string | null;
    before?: unknown;
    after?: unknown;
  },
) {
  await tx.insert(auditLog).values({
    partnerId: principal.user.partnerId,
    customerId: entry.customerId ?? null,
    actorId: principal.user.contactId,
    impersonatorId: principal.impersonator?.contactId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
