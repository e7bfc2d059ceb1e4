import { aliasedTable, and, asc, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import { toCsv } from '../../../common/csv.ts';
import { audit } from '../../audit.ts';
import { auditLog, customers, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { badRequest } from '../../errors.ts';
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts';
import type { Handler, RequestOf, ResultOf } from '../../platform/handler.ts';
import { asReader } from '../../platform/reader.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';

type Entry = ResultOf<'listAuditLog'>['entries'][number];
type Filters = Pick<
  RequestOf<'listAuditLog'>['query'],
  'actor_id' | 'customer_id' | 'entity' | 'from' | 'to'
>;

/** The most an export carries: a year of a busy organisation's changes, still a file a spreadsheet opens. */
export const AUDIT_EXPORT_LIMIT = 10_000;

const actor = aliasedTable(users, 'actor');
const impersonator = aliasedTable(users, 'impersonator');

function where(partnerId: string, filters: Filters): SQL | undefined {
  const { actor_id, customer_id, entity, from, to } = filters;
  if (from && to && new Date(from) >= new Date(to)) throw badRequest('querystring.to', 'must be after from');
  return and(
    // Row-level security keeps the partner as well; the query says it too (the first line of defence).
    eq(auditLog.partnerId, partnerId),
    // A person is whoever acted: themselves, or the administrator impersonating someone.
    actor_id ? or(eq(auditLog.actorId, actor_id), eq(auditLog.impersonatorId, actor_id)) : undefined,
    customer_id ? eq(auditLog.customerId, customer_id) : undefined,
    entity ? eq(auditLog.entity, entity) : undefined,
    from ? gte(auditLog.at, new Date(from)) : undefined,
    to ? lt(auditLog.at, new Date(to)) : undefined,
  );
}

const person = (row: { contactId: string; firstName: string; lastName: string; email: string } | null) =>
  row
    ? {
        contact_id: row.contactId,
        name: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email,
        email: row.email,
      }
    : null;

async function readEntries(tx: Db, condition: SQL | undefined, limit: number): Promise<Entry[]> {
  const rows = await tx
    .select({ entry: auditLog, actor, impersonator, customer: customers })
    .from(auditLog)
    .leftJoin(actor, eq(actor.contactId, auditLog.actorId))
    .leftJoin(impersonator, eq(impersonator.contactId, auditLog.impersonatorId))
    .leftJoin(customers, eq(customers.customerId, auditLog.customerId))
    .where(condition)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map(({ entry, actor: who, impersonator: behind, customer }) => ({
    id: entry.id,
    at: entry.at.toISOString(),
    actor: person(who),
    impersonator: person(behind),
    customer: customer ? { customer_id: customer.customerId, name: customer.name } : null,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  }));
}

const isCursor = (values: unknown[]): values is [string, number] =>
  values.length === 2 &&
  typeof values[0] === 'string' &&
  !Number.isNaN(Date.parse(values[0])) &&
  Number.isSafeInteger(values[1]);

export const listAuditLog: Handler<'listAuditLog'> = async (request) => {
  const principal = principalOf(request);
  const { batch_size = 50, search_after, ...filters } = request.query;
  const after = search_after ? decodeCursor(search_after, isCursor) : undefined;
  // Keyset: strictly older than the last row of the previous page (time, then id).
  const page = after
    ? or(
        lt(auditLog.at, new Date(after[0])),
        and(eq(auditLog.at, new Date(after[0])), lt(auditLog.id, after[1])),
      )
    : undefined;
  const condition = and(where(principal.user.partnerId, filters), page);
  const entries = await asCaller(request, (tx) => readEntries(tx, condition, batch_size + 1));
  const more = entries.length > batch_size;
  const shown = entries.slice(0, batch_size);
  const last = shown.at(-1);
  return { entries: shown, search_after: more && last ? encodeCursor([last.at, last.id]) : null };
};

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
const who = (p: Entry['actor']) => (p ? `${p.name} <${p.email}>` : '');

export const exportAuditLog: Handler<'exportAuditLog'> = async (request, reply) => {
  const principal = principalOf(request);
  const condition = where(principal.user.partnerId, request.query);
  // The entries where read-heavy work reads (the replica while current); the export's own audit
  // entry on the primary, written before the file is served.
  const entries = await asReader(request, (tx) => readEntries(tx, condition, AUDIT_EXPORT_LIMIT));
  await asCaller(request, (tx) =>
    audit(tx, principal, {
      action: 'export',
      entity: 'audit_log',
      after: { filters: request.query, entries: entries.length },
    }),
  );
  const csv = toCsv(
    ['Time', 'Person', 'On behalf of', 'Customer', 'Action', 'Kind', 'Entity ID', 'Before', 'After'],
    entries.map((e) => [
      e.at,
      // The impersonator acted, on behalf of the user they impersonated.
      e.impersonator ? who(e.impersonator) : who(e.actor),
      e.impersonator ? who(e.actor) : '',
      e.customer?.name ?? '',
      e.action,
      e.entity,
      e.entity_id ?? '',
      json(e.before),
      json(e.after),
    ]),
  );
  reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="audit-log.csv"');
  return csv as unknown as ResultOf<'exportAuditLog'>;
};

export const listAuditKinds: Handler<'listAuditKinds'> = async (request) => {
  const principal = principalOf(request);
  const rows = await asCaller(request, (tx) =>
    tx
      .selectDistinct({ entity: auditLog.entity })
      .from(auditLog)
      .where(eq(auditLog.partnerId, principal.user.partnerId))
      .orderBy(asc(auditLog.entity)),
  );
  return { kinds: rows.map((r) => r.entity) };
};
