import { and, desc, eq } from 'drizzle-orm';
import { type AuditEntry, audit } from '../../audit.ts';
import { mutes } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { rejectNulCharacters } from '../../platform/input.ts';
import { requestedCustomers, requireVisibleCustomer } from '../../platform/scope.ts';
import { changedSinceRead, changeVersioned, nextVersion } from '../../platform/versioned.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { effectiveState, presentMute } from './present.ts';
import { audited, authorEmail, inState, loadMute, type MuteRow, selectMutes } from './queries.ts';
import { lockSourceAlert, muteSourceAlert } from './source-alert.ts';
import { checkedConditions, DEFAULT_MUTE_TTL_SECONDS, requestedExpiry } from './validate.ts';

/** Most mutes one list answers; a customer with more has a problem a list will not solve. */
const MAX_LISTED = 1000;

export const listMutes: Handler<'listMutes'> = async (request) => {
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
};

export const getMute: Handler<'getMute'> = async (request) => {
  const principal = principalOf(request);
  const id = request.params.mute_id;
  const [row] = await asCaller(request, (tx) =>
    selectMutes(tx).where(and(eq(mutes.id, id), inIds(mutes.customerId, principal.scope.customerIds))),
  );
  if (!row) throw notFound(`Mute ${id}`);
  return presentMute(row.mute, row.email);
};

export const createMute: Handler<'createMute'> = async (request, reply) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const body = request.body;
  requireVisibleCustomer(principal, body.customer_id);
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
};

export const updateMute: Handler<'updateMute'> = async (request) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const body = request.body;
  const now = new Date();
  const conditions = body.conditions ? checkedConditions(body.conditions) : undefined;
  const expiresAt = requestedExpiry(body, now);
  if (conditions === undefined && body.description === undefined && expiresAt === undefined) {
    throw badRequest('body', 'give at least one of conditions, description, expires_at or ttl_seconds');
  }
  const row = await asCaller(request, async (tx) => {
    const { changed } = await changeVersioned(tx, principal, {
      lock: () => loadMute(tx, principal, request.params.mute_id, true),
      expectedVersion: body.version,
      staleMessage: (current) => changedSinceRead(`Mute ${current.id}`, current, body.version),
      // A new expiry re-activates an inactive or expired mute: "mute again for a day" is one call.
      apply: (before) =>
        writeMute(tx, before, {
          ...(conditions ? { conditions } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(expiresAt ? { expiresAt, state: 'active' } : {}),
        }),
      audit: (before, after) => muteAudit('update', before, after),
    });
    return { mute: changed!, email: await authorEmail(tx, changed!) };
  });
  return presentMute(row.mute, row.email);
};

export const unmuteMute: Handler<'unmuteMute'> = async (request) => {
  const principal = principalOf(request);
  const version = request.body?.version;
  const row = await asCaller(request, async (tx) => {
    const { before, changed } = await changeVersioned(tx, principal, {
      lock: () => loadMute(tx, principal, request.params.mute_id, true),
      expectedVersion: version,
      staleMessage: (current) => changedSinceRead(`Mute ${current.id}`, current, version),
      // Unmuting what no longer mutes changes nothing: the answer shows it as it is.
      apply: (before) =>
        effectiveState(before, new Date()) === 'active'
          ? writeMute(tx, before, { state: 'inactive' })
          : Promise.resolve(null),
      audit: (before, after) => muteAudit('unmute', before, after),
    });
    const mute = changed ?? before;
    return { mute, email: await authorEmail(tx, mute) };
  });
  return presentMute(row.mute, row.email);
};

/** Writes a change of a locked mute with its next version. */
async function writeMute(
  tx: Db,
  before: MuteRow,
  set: Partial<Pick<MuteRow, 'conditions' | 'description' | 'expiresAt' | 'state'>>,
): Promise<MuteRow> {
  const [after] = await tx
    .update(mutes)
    .set({ ...set, ...nextVersion(mutes) })
    .where(eq(mutes.id, before.id))
    .returning();
  return after!;
}

function muteAudit(action: 'update' | 'unmute', before: MuteRow, after: MuteRow): AuditEntry {
  return {
    action,
    entity: 'mute',
    entityId: before.id,
    customerId: before.customerId,
    before: audited(before),
    after: audited(after),
  };
}
