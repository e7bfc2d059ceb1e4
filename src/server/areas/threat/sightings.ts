import { sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import type { Db } from '../../db/types.ts';
import type { IndicatorKind } from './feeds/entry.ts';

/** A PostgreSQL text[] literal: every element quoted, quotes and backslashes escaped. */
const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/**
 * Records many look-ups as sightings in one statement: two arrays unnested rather than a row of
 * parameters each, which on a file of 10 000 indicators is about four times faster. A customer
 * user's sightings belong to their (first) customer; a staff member's to none.
 */
export async function recordSightings(
  tx: Db,
  principal: Principal,
  lookups: readonly { kind: IndicatorKind; value: string }[],
  context: 'bulk' | 'sandbox',
): Promise<void> {
  if (!lookups.length) return;
  const customerId = principal.scope.global ? null : (principal.scope.customerIds[0] ?? null);
  await tx.execute(sql`insert into threat_sightings (partner_id, customer_id, user_id, kind, value, context)
    select ${principal.scope.partnerId}::uuid, ${customerId}::uuid, ${principal.scope.userId}::uuid, u.kind, u.value, ${context}
    from unnest(${textArray(lookups.map((l) => l.kind))}::text[], ${textArray(lookups.map((l) => l.value))}::text[]) as u(kind, value)`);
}
