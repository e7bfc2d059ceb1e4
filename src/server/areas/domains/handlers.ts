import { and, desc, eq, sql } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import { lookalikes, monitoredDomains } from '../../db/schema/index.ts';
import { ApiError, notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { rejectNulCharacters } from '../../platform/input.ts';
import { requestedCustomers, requireVisibleCustomer } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { INVALID_DOMAIN, normaliseDomain, SELECT_CUSTOMER } from './names.ts';
import { presentDomain, presentLookalike } from './present.ts';
import { selectDomains } from './queries.ts';
import { enqueueDomainScans, markScanRequested } from './scan-job.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const listDomains: Handler<'listDomains'> = async (request) => {
  const principal = principalOf(request);
  const customers = requestedCustomers(principal.scope.customerIds, request.query.customer_ids);
  const rows = await asCaller(request, (tx) => selectDomains(tx, customers));
  return { domains: rows.map(presentDomain) };
};

export const getDomain: Handler<'getDomain'> = async (request) => {
  const principal = principalOf(request);
  const [row] = await asCaller(request, (tx) =>
    selectDomains(tx, principal.scope.customerIds, request.params.id),
  );
  if (!row) throw notFound(`Domain ${request.params.id}`);
  return presentDomain(row);
};

/** Adds one domain or many for one customer; every refused name is named in the details. */
export const createDomains: Handler<'createDomains'> = async (request, reply) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const customerId = request.body.customer_id?.trim();
  if (!customerId)
    throw new ApiError(400, 'bad_request', SELECT_CUSTOMER, [
      { field: 'customer_id', reason: SELECT_CUSTOMER },
    ]);
  if (!UUID.test(customerId))
    throw new ApiError(404, 'not_found', `A customer with the ID ${customerId} was not found.`);
  requireVisibleCustomer(principal, customerId);
  const names: string[] = [];
  const issues = [];
  for (const [index, raw] of request.body.names.entries()) {
    const name = normaliseDomain(raw);
    if (name) names.push(name);
    else issues.push({ field: `names[${index}]`, reason: INVALID_DOMAIN });
  }
  if (issues.length > 0) throw new ApiError(400, 'bad_request', INVALID_DOMAIN, issues);
  const unique = [...new Set(names)];
  const rows = await asCaller(request, async (tx) => {
    const added = await tx
      .insert(monitoredDomains)
      .values(unique.map((name) => ({ customerId, name, createdBy: principal.user.contactId })))
      .onConflictDoNothing()
      .returning();
    await markScanRequested(
      tx,
      added.map((row) => row.uid),
    );
    for (const row of added)
      await audit(tx, principal, {
        action: 'create',
        entity: 'monitored_domain',
        entityId: row.uid,
        customerId,
        after: { domain: row.name, active: row.active },
      });
    const all = await selectDomains(tx, [customerId]);
    return {
      added: added.map((row) => row.uid),
      rows: unique.map((name) => all.find((row) => row.name === name)!),
    };
  });
  // Each new domain is scanned now, so its first lookalikes appear without waiting for the schedule.
  await enqueueDomainScans(request.server.db, rows.added);
  reply.code(201);
  return { domains: rows.rows.map(presentDomain) };
};

export const updateDomain: Handler<'updateDomain'> = async (request) => {
  const principal = principalOf(request);
  const { id } = request.params;
  let switchedOn = false;
  const row = await asCaller(request, async (tx) => {
    const [current] = await tx
      .select()
      .from(monitoredDomains)
      .where(eq(monitoredDomains.uid, id))
      .for('update');
    if (!current || !principal.scope.customerIds.includes(current.customerId)) throw notFound(`Domain ${id}`);
    const { active } = request.body;
    if (current.active !== active) {
      await tx
        .update(monitoredDomains)
        .set({ active, updatedAt: sql`now()` })
        .where(eq(monitoredDomains.uid, id));
      await audit(tx, principal, {
        action: 'update',
        entity: 'monitored_domain',
        entityId: id,
        customerId: current.customerId,
        before: { active: current.active },
        after: { active },
      });
      // Switched back on: scanned now, as a new domain is, not at the next scheduled scan.
      switchedOn = active;
      if (switchedOn) await markScanRequested(tx, [id]);
    }
    const [updated] = await selectDomains(tx, [current.customerId], id);
    return updated!;
  });
  if (switchedOn) await enqueueDomainScans(request.server.db, [id]);
  return presentDomain(row);
};

export const listLookalikes: Handler<'listLookalikes'> = async (request) => {
  const principal = principalOf(request);
  const { id } = request.params;
  return asCaller(request, async (tx) => {
    const [domain] = await selectDomains(tx, principal.scope.customerIds, id);
    if (!domain) throw notFound(`Domain ${id}`);
    const rows = await tx
      .select()
      .from(lookalikes)
      .where(and(eq(lookalikes.domainUid, id), eq(lookalikes.customerId, domain.customerId)))
      .orderBy(desc(lookalikes.risk), lookalikes.name);
    const now = new Date();
    return { domain: presentDomain(domain), lookalikes: rows.map((row) => presentLookalike(row, now)) };
  });
};

export const getLookalike: Handler<'getLookalike'> = async (request) => {
  const principal = principalOf(request);
  const { id, name } = request.params;
  const row = await asCaller(request, async (tx) => {
    const [domain] = await selectDomains(tx, principal.scope.customerIds, id);
    if (!domain) throw notFound(`Domain ${id}`);
    const [found] = await tx
      .select()
      .from(lookalikes)
      .where(
        and(
          eq(lookalikes.domainUid, id),
          eq(lookalikes.customerId, domain.customerId),
          eq(lookalikes.name, name.toLowerCase()),
        ),
      );
    return found;
  });
  if (!row) throw notFound(`Lookalike ${name}`);
  return presentLookalike(row);
};
