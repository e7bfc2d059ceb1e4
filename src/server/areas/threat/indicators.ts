import { and, desc, eq, ilike, inArray } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import type { Principal } from '../../auth/principal.ts';
import { customerIndicators, threatIndicators } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { Handler, RequestOf } from '../../platform/handler.ts';
import { rejectNulCharacters } from '../../platform/input.ts';
import { canModify, isStaff } from '../../platform/permissions.ts';
import { requestedCustomers, requireVisibleCustomer } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { normaliseIndicator } from './feeds/entry.ts';
import { presentCustomer, presentShared } from './indicator-rows.ts';
import { cacheKey, verdictCache } from './verdict.ts';

const LIST_LIMIT = 500;
const KIND_NAMES = { ip: 'IP address', domain: 'domain', file: 'file hash' } as const;
const SHARED_ONLY = ['country', 'registrant_organization', 'popularity'] as const;

type Fields = RequestOf<'updateIndicator'>['body'];

function requireStoreEditor(principal: Principal): void {
  if (!isStaff(principal) || !canModify(principal))
    throw forbidden('You do not have permission to change the indicator store.');
}

function checkedExpiry(value: string | null | undefined, now: Date): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const at = new Date(value);
  if (at <= now) throw badRequest('expires_at', 'must be in the future');
  return at;
}

/** The columns both stores share, from the fields a request gives. */
function commonColumns(body: Fields, now: Date) {
  const expiresAt = checkedExpiry(body.expires_at, now);
  return {
    ...(body.det === undefined ? {} : { det: body.det }),
    ...(body.risk === undefined ? {} : { risk: body.risk }),
    ...(body.threat_categories === undefined ? {} : { threatCategories: body.threat_categories }),
    ...(body.malware_group === undefined ? {} : { malwareGroup: body.malware_group }),
    ...(expiresAt === undefined ? {} : { expiresAt }),
  };
}

const sharedColumns = (body: Fields) => ({
  ...(body.country === undefined ? {} : { country: body.country }),
  ...(body.registrant_organization === undefined
    ? {}
    : { registrantOrganization: body.registrant_organization }),
  ...(body.popularity === undefined ? {} : { popularity: body.popularity }),
});

function refuseSharedOnly(body: Fields): void {
  for (const field of SHARED_ONLY)
    if (body[field] !== undefined && body[field] !== null)
      throw badRequest(field, 'is kept for shared indicators only');
}

export const listIndicators: Handler<'listIndicators'> = async (request) => {
  const principal = principalOf(request);
  const { kind, value, scope } = request.query;
  const customers = requestedCustomers(principal.scope.customerIds, request.query.customer_ids);
  const now = new Date();
  return asCaller(request, async (tx) => {
    const shared =
      scope === 'customer'
        ? []
        : await tx
            .select()
            .from(threatIndicators)
            .where(
              and(
                kind ? eq(threatIndicators.kind, kind) : undefined,
                value ? ilike(threatIndicators.value, `%${value.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
              ),
            )
            .orderBy(desc(threatIndicators.updatedAt))
            .limit(LIST_LIMIT);
    const own =
      scope === 'shared' || customers.length === 0
        ? []
        : await tx
            .select()
            .from(customerIndicators)
            .where(
              and(
                inArray(customerIndicators.customerId, customers),
                kind ? eq(customerIndicators.kind, kind) : undefined,
                value ? ilike(customerIndicators.value, `%${value.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
              ),
            )
            .orderBy(desc(customerIndicators.updatedAt))
            .limit(LIST_LIMIT);
    const indicators = [
      ...own.map((r) => presentCustomer(r, now)),
      ...shared.map((r) => presentShared(r, now)),
    ];
    indicators.sort((a, b) => b.last_seen.localeCompare(a.last_seen));
    return { indicators: indicators.slice(0, LIST_LIMIT) };
  });
};

export const createIndicator: Handler<'createIndicator'> = async (request, reply) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const body = request.body;
  const value = normaliseIndicator(body.kind, body.value);
  if (!value) throw badRequest('value', `is not a valid ${KIND_NAMES[body.kind]}`);
  const now = new Date();
  const columns = commonColumns(body, now);
  const created = await asCaller(request, async (tx) => {
    if (body.customer_id === undefined) {
      requireStoreEditor(principal);
      const values = {
        kind: body.kind,
        value,
        det: body.det,
        risk: body.risk,
        ...columns,
        ...sharedColumns(body),
      };
      const [row] = await tx
        .insert(threatIndicators)
        .values({ ...values, source: 'manual', firstSeen: now, lastSeen: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [threatIndicators.kind, threatIndicators.value],
          set: { ...values, source: 'manual', lastSeen: now, updatedAt: now },
        })
        .returning();
      await audit(tx, principal, {
        action: 'create',
        entity: 'threat_indicator',
        entityId: row!.id,
        after: row,
      });
      return presentShared(row!, now);
    }
    requireVisibleCustomer(principal, body.customer_id);
    refuseSharedOnly(body);
    const [row] = await tx
      .insert(customerIndicators)
      .values({
        customerId: body.customer_id,
        kind: body.kind,
        value,
        det: body.det,
        risk: body.risk,
        ...columns,
        createdBy: principal.user.contactId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(`This customer already has an indicator for ${value}.`);
    await audit(tx, principal, {
      action: 'create',
      entity: 'threat_indicator',
      entityId: row.id,
      customerId: row.customerId,
      after: row,
    });
    return presentCustomer(row, now);
  });
  verdictCache.delete(cacheKey(body.kind, value));
  reply.status(201);
  return created;
};

/** Applies a change to whichever store holds the indicator the caller may see; 404 for any other. */
async function changeIndicator(
  tx: Db,
  principal: Principal,
  id: string,
  body: Fields,
  action: string,
  now: Date,
  override: { expiresAt?: Date } = {},
) {
  const customers = principal.scope.customerIds;
  const [own] = customers.length
    ? await tx
        .select()
        .from(customerIndicators)
        .where(and(eq(customerIndicators.id, id), inArray(customerIndicators.customerId, [...customers])))
        .for('update')
    : [];
  if (own) {
    refuseSharedOnly(body);
    const [row] = await tx
      .update(customerIndicators)
      .set({ ...commonColumns(body, now), ...override, updatedAt: now })
      .where(eq(customerIndicators.id, id))
      .returning();
    await audit(tx, principal, {
      action,
      entity: 'threat_indicator',
      entityId: id,
      customerId: own.customerId,
      before: own,
      after: row,
    });
    return presentCustomer(row!, now);
  }
  const [shared] = await tx.select().from(threatIndicators).where(eq(threatIndicators.id, id));
  if (!shared) throw notFound(`Indicator ${id}`);
  requireStoreEditor(principal);
  // A staff change makes the entry theirs: a feed no longer overwrites it.
  const [row] = await tx
    .update(threatIndicators)
    .set({
      ...commonColumns(body, now),
      ...sharedColumns(body),
      ...override,
      source: 'manual',
      updatedAt: now,
    })
    .where(eq(threatIndicators.id, id))
    .returning();
  await audit(tx, principal, {
    action,
    entity: 'threat_indicator',
    entityId: id,
    before: shared,
    after: row,
  });
  return presentShared(row!, now);
}

export const updateIndicator: Handler<'updateIndicator'> = async (request) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const now = new Date();
  const changed = await asCaller(request, (tx) =>
    changeIndicator(tx, principal, request.params.indicator_id, request.body, 'update', now),
  );
  verdictCache.delete(cacheKey(changed.kind, changed.value));
  return changed;
};

export const expireIndicator: Handler<'expireIndicator'> = async (request) => {
  const principal = principalOf(request);
  const now = new Date();
  // Expiry now is set directly: the fields refuse an expiry that is not ahead.
  const changed = await asCaller(request, (tx) =>
    changeIndicator(tx, principal, request.params.indicator_id, {}, 'expire', now, { expiresAt: now }),
  );
  verdictCache.delete(cacheKey(changed.kind, changed.value));
  return changed;
};
