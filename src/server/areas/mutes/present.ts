import type { components } from '../../../api/schema.d.ts';
import type { mutes } from '../../db/schema/index.ts';

export type Mute = components['schemas']['Mute'];
export type MuteState = components['schemas']['MuteState'];
type MuteRow = typeof mutes.$inferSelect;

/**
 * The state people see: an active mute whose expiry has passed is `expired` even before the
 * expiry job has written that down, so a list never shows a mute as muting when it no longer does.
 */
export function effectiveState(row: Pick<MuteRow, 'state' | 'expiresAt'>, now: Date): MuteState {
  if (row.state === 'active' && row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime())
    return 'expired';
  return row.state === 'inactive' || row.state === 'expired' ? row.state : 'active';
}

export function presentMute(row: MuteRow, createdBy: string | null, now = new Date()): Mute {
  const state = effectiveState(row, now);
  return {
    id: row.id,
    customer_id: row.customerId,
    conditions: row.conditions.map((c) => ({
      field: c.field,
      operator: c.operator as Mute['conditions'][number]['operator'],
      value: String(c.value),
    })),
    description: row.description,
    state,
    expires_at: row.expiresAt?.toISOString() ?? null,
    ttl_seconds:
      state === 'active' && row.expiresAt !== null
        ? Math.max(0, Math.floor((row.expiresAt.getTime() - now.getTime()) / 1000))
        : null,
    created_by: createdBy,
    source_alert_id: row.sourceAlertId,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
