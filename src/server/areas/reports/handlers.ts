import { eq } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import type { Principal } from '../../auth/principal.ts';
import { reports, savedSearches } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { rejectNulCharacters } from '../../platform/input.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { checkedDocument, checkedScope, type ReportInput, throwIssues } from './document.ts';
import { presentReport } from './present.ts';

/** The columns a report's input sets, once checked against the caller's reach. */
async function checkedValues(tx: Db, principal: Principal, body: ReportInput) {
  const customerId = checkedScope(principal, body.scope, body.customer_id);
  throwIssues(checkedDocument(body));
  if (body.saved_search_id) {
    // Row-level security answers only the saved searches the caller may see.
    const [search] = await tx
      .select({ id: savedSearches.id })
      .from(savedSearches)
      .where(eq(savedSearches.id, body.saved_search_id));
    if (!search) throw badRequest('saved_search_id', 'is not a saved search you can see');
  }
  return {
    name: body.name.trim(),
    description: body.description?.trim() || null,
    scope: body.scope,
    customerId,
    savedSearchId: body.saved_search_id ?? null,
    target: body.target ?? 'month',
    startDate: body.start_date ?? null,
    endDate: body.end_date ?? null,
    retentionDays: body.retention_days ?? 90,
    document: { components: body.document.components },
  };
}

export const listReports: Handler<'listReports'> = async (request) => {
  const principal = principalOf(request);
  // Row-level security applies the scopes.
  const rows = await asCaller(request, (tx) =>
    tx.select().from(reports).where(eq(reports.partnerId, principal.user.partnerId)).orderBy(reports.name),
  );
  return { reports: rows.map((row) => presentReport(row, principal)) };
};

/** A report the caller may see (row-level security), else 404. */
export async function visibleReport(tx: Db, id: string) {
  const [row] = await tx.select().from(reports).where(eq(reports.id, id));
  if (!row) throw notFound(`Report ${id}`);
  return row;
}

export const getReport: Handler<'getReport'> = async (request) => {
  const principal = principalOf(request);
  const row = await asCaller(request, (tx) => visibleReport(tx, request.params.id));
  return presentReport(row, principal);
};

export const createReport: Handler<'createReport'> = async (request, reply) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const row = await asCaller(request, async (tx) => {
    const values = await checkedValues(tx, principal, request.body);
    const [created] = await tx
      .insert(reports)
      .values({ ...values, partnerId: principal.user.partnerId, ownerId: principal.user.contactId })
      .returning();
    await audit(tx, principal, {
      action: 'create',
      entity: 'report',
      entityId: created!.id,
      customerId: created!.customerId,
      after: { name: created!.name, scope: created!.scope },
    });
    return created!;
  });
  reply.status(201);
  return presentReport(row, principal);
};

/** Only the owner changes or deletes a report; others may only see it (404 when they cannot). */
async function ownReport(tx: Db, principal: Principal, id: string) {
  const [row] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
  if (!row) throw notFound(`Report ${id}`);
  if (row.ownerId !== principal.user.contactId) throw forbidden('Only its owner can change this report.');
  return row;
}

export const updateReport: Handler<'updateReport'> = async (request) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const row = await asCaller(request, async (tx) => {
    const before = await ownReport(tx, principal, request.params.id);
    if (before.version !== request.body.version)
      throw conflict(`The report was changed since (version ${before.version}); load it again.`);
    const values = await checkedValues(tx, principal, request.body);
    const [updated] = await tx
      .update(reports)
      .set({ ...values, version: before.version + 1, updatedAt: new Date() })
      .where(eq(reports.id, before.id))
      .returning();
    await audit(tx, principal, {
      action: 'update',
      entity: 'report',
      entityId: before.id,
      customerId: values.customerId ?? before.customerId,
      before: { name: before.name, scope: before.scope, version: before.version },
      after: { name: updated!.name, scope: updated!.scope, version: updated!.version },
    });
    return updated!;
  });
  return presentReport(row, principal);
};

export const deleteReport: Handler<'deleteReport'> = async (request, reply) => {
  const principal = principalOf(request);
  await asCaller(request, async (tx) => {
    const row = await ownReport(tx, principal, request.params.id);
    await tx.delete(reports).where(eq(reports.id, row.id));
    await audit(tx, principal, {
      action: 'delete',
      entity: 'report',
      entityId: row.id,
      customerId: row.customerId,
      before: { name: row.name, scope: row.scope },
    });
  });
  reply.status(204);
  return undefined;
};
