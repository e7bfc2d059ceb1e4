import { and, desc, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { audit } from '../audit.ts';
import type { Principal } from '../auth/principal.ts';
import { rejectNulCharacters } from '../cases/input.ts';
import type { Db } from '../db/client.ts';
import { mutes, users } from '../db/schema/index.ts';
import { inIds } from '../db/sql-helpers.ts';
import { ApiError, badRequest, conflict } from '../errors.ts';
import { requireMuteWriter } from '../mutes/permissions.ts';
import { effectiveState, type MuteState, presentMute } from '../mutes/present.ts';
import { lockSourceAlert, muteSourceAlert } from '../mutes/source-alert.ts';
import { checkedConditions, DEFAULT_MUTE_TTL_SECONDS, requestedExpiry } from '../mutes/validate.ts';
import { asCaller, principalOf } from '../plugins/auth.ts';
import { requestedCustomers } from './present.ts';
import type { Handlers } from './types.ts';

/** Most mutes one list answers; a customer with more has a problem a list will not solve. */
const MAX_LISTED = 1000;

type MuteRow = typeof mutes.$inferSelect;

const muteNotFound = (id: string) => new ApiError(404, 'not_found', `Mute ${id} was not found.`);

/** Rows in a state as people see it (see `effectiveState`): an active mute past its expiry is expired. */
function inState(state: MuteState): SQL {
  const unexpired = or(isNull(mutes.expiresAt), gt(mutes.expiresAt, sql`now()`))!;
  if (state === 'active') return and(eq(mutes.state, 'active'), unexpired)!;
  if (state === 'expired')
    return or(eq(mutes.state, 'expired'), and(eq(mutes.state, 'active'), lte(mutes.expiresAt, sql`now()`)))!;
  return eq(mutes.state, 'inactive');
}

/** Mutes with their author's e-mail (null when the caller cannot see that account). */
function selectMutes(tx: Db) {
  return tx
    .select({ mute: mutes, email: users.email })
    .from(mutes)
    .leftJoin(users, eq(users.contactId, mutes.createdBy));
}

/** One mute the caller may see, optionally locked for a change; 404 otherwise. */
async function loadMute(tx: Db, principal: Principal, id: string, lock: boolean): Promise<MuteRow> {
  const query = tx
    .select()
    .from(mutes)
    .where(and(eq(mutes.id, id), inIds(mutes.customerId, principal.scope.customerIds)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw muteNotFound(id);
  return row;
}

async function authorEmail(tx: Db, row: MuteRow): Promise<string | null> {
  if (!row.createdBy) return null;
  const [author] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.contactId, row.createdBy));
  return author?.email ?? null;
}

/** The fields of a mute the audit log keeps. */
function audited(row: MuteRow) {
  return {
    conditions: row.conditions,
    description: row.description,
    state: row.state,
    expires_at: row.expiresAt?.toISOString() ?? null,
    version: row.version,
  };
}

export const muteHandlers: Handlers<'listMutes' | 'getMute' | 'createMute' | 'updateMute' | 'unmuteMute'> = {
  async listMutes(request) {
    const { scope } = principalOf(request);
    const ids = requestedCustomers(scope.customerIds, request.query.customer_ids);
    const state = request.query.state;
    const rows = await asCaller(request, (tx) =>
      selectMutes(tx)
        .where(and(inIds(mutes.customerId, ids), state ? inState(state) : undefined))
        .orderBy(desc(mutes.createdAt), desc(mutes.id))
        .limit(MAX_LISTED),
    );
    const now = new Date();
    return { mutes: rows.map((row) => presentMute(row.mute, row.email, now)) };
  },

  async getMute(request) {
    const principal = principalOf(request);
    const id = request.params.mute_id;
    const [row] = await asCaller(request, (tx) =>
      selectMutes(tx).where(and(eq(mutes.id, id), inIds(mutes.customerId, principal.scope.customerIds))),
    );
    if (!row) throw muteNotFound(id);
    return presentMute(row.mute, row.email);
  },

  async createMute(request, reply) {
    rejectNulCharacters(request);
    const principal = principalOf(request);
    requireMuteWriter(principal);
    const body = request.body;
    if (!principal.scope.customerIds.includes(body.customer_id)) {
      throw new ApiError(404, 'not_found', `A customer with the ID ${body.customer_id} was not found.`);
    }
    const conditions = checkedConditions(body.conditions);
    const now = new Date();
    const expiresAt = requestedExpiry(body, now) ?? new Date(now.getTime() + DEFAULT_MUTE_TTL_SECONDS * 1000);
    const created = await asCaller(request, async (tx) => {
      const alert =
        body.source_alert_id !== undefined
          ? await lockSourceAlert(tx, principal, body.source_alert_id, body.customer_id)
          : null;
      const [row] = await tx
        .insert(mutes)
        .values({
          customerId: body.customer_id,
          conditions,
          description: body.description ?? '',
          state: 'active',
          createdBy: principal.user.contactId,
          sourceAlertId: alert?.id ?? null,
          expiresAt,
        })
        .returning();
      await audit(tx, principal, {
        action: 'create',
        entity: 'mute',
        entityId: row!.id,
        customerId: row!.customerId,
        after: { ...audited(row!), source_alert_id: row!.sourceAlertId },
      });
      if (alert) await muteSourceAlert(tx, principal, alert, row!.id);
      return row!;
    });
    reply.status(201);
    return presentMute(created, principal.user.email);
  },

  async updateMute(request) {
    rejectNulCharacters(request);
    const principal = principalOf(request);
    requireMuteWriter(principal);
    const body = request.body;
    const now = new Date();
    const conditions = body.conditions ? checkedConditions(body.conditions) : undefined;
    const expiresAt = requestedExpiry(body, now);
    if (conditions === undefined && body.description === undefined && expiresAt === undefined) {
      throw badRequest('body', 'give at least one of conditions, description, expires_at or ttl_seconds');
    }
    const { row, email } = await asCaller(request, async (tx) => {
      const before = await loadMute(tx, principal, request.params.mute_id, true);
      if (before.version !== body.version) {
        throw conflict(
          `Mute ${before.id} changed since you read it (version ${before.version}, you sent ${body.version}).`,
        );
      }
      // A new expiry re-activates an inactive or expired mute: "mute again for a day" is one call.
      const [after] = await tx
        .update(mutes)
        .set({
          ...(conditions ? { conditions } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(expiresAt ? { expiresAt, state: 'active' } : {}),
          version: before.version + 1,
          updatedAt: sql`now()`,
        })
        .where(eq(mutes.id, before.id))
        .returning();
      await audit(tx, principal, {
        action: 'update',
        entity: 'mute',
        entityId: before.id,
        customerId: before.customerId,
        before: audited(before),
        after: audited(after!),
      });
      return { row: after!, email: await authorEmail(tx, after!) };
    });
    return presentMute(row, email);
  },

  async unmuteMute(request) {
    const principal = principalOf(request);
    requireMuteWriter(principal);
    const version = request.body?.version;
    const { row, email } = await asCaller(request, async (tx) => {
      const before = await loadMute(tx, principal, request.params.mute_id, true);
      if (version !== undefined && before.version !== version) {
        throw conflict(
          `Mute ${before.id} changed since you read it (version ${before.version}, you sent ${version}).`,
        );
      }
      // Unmuting what no longer mutes changes nothing: the answer shows it as it is.
      if (effectiveState(before, new Date()) !== 'active')
        return { row: before, email: await authorEmail(tx, before) };
      const [after] = await tx
        .update(mutes)
        .set({ state: 'inactive', version: before.version + 1, updatedAt: sql`now()` })
        .where(eq(mutes.id, before.id))
        .returning();
      await audit(tx, principal, {
        action: 'unmute',
        entity: 'mute',
        entityId: before.id,
        customerId: before.customerId,
        before: audited(before),
        after: audited(after!),
      });
      return { row: after!, email: await authorEmail(tx, after!) };
    });
    return presentMute(row, email);
  },
};
