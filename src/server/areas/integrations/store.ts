import { count, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { integrationMappings, integrations } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { notFound } from '../../errors.ts';
import type { IntegrationRow } from './present.ts';
import { openSecrets, secretBoxOf } from './secrets.ts';

const { secrets: _sealed, ...visibleColumns } = getTableColumns(integrations);
/** Every column request work may read: all but the sealed credentials. */
export const VISIBLE = visibleColumns;

export const integrationNotFound = (id: string) => notFound(`Integration ${id}`);

/** The integration (row-level security: the caller's provider only), locked for a change when asked. */
export async function loadIntegration(tx: Db, id: string, lock = false): Promise<IntegrationRow> {
  const query = tx.select(VISIBLE).from(integrations).where(eq(integrations.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw integrationNotFound(id);
  return row;
}

/**
 * The opened credentials of integrations the caller was shown (system connection: request work
 * cannot read the sealed column), by id. They stay on the server: answers say "set" or "not set".
 */
export async function secretsByIds(
  request: FastifyRequest,
  ids: readonly string[],
): Promise<Map<string, Record<string, string>>> {
  if (ids.length === 0) return new Map();
  const db = request.server.db;
  const box = await secretBoxOf(db, request.server.config.secretsKey);
  const rows = await db
    .select({ id: integrations.id, secrets: integrations.secrets })
    .from(integrations)
    .where(inArray(integrations.id, [...ids]));
  return new Map(rows.map((row) => [row.id, openSecrets(box, row.secrets, row.id)]));
}

export async function secretsOf(
  request: FastifyRequest,
  row: { id: string },
): Promise<Record<string, string>> {
  return (await secretsByIds(request, [row.id])).get(row.id) ?? {};
}

/** Customer mappings per integration, of the customers the caller sees. */
export async function mappingCounts(tx: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: integrationMappings.integrationId, n: count() })
    .from(integrationMappings)
    .where(inArray(integrationMappings.integrationId, [...ids]))
    .groupBy(integrationMappings.integrationId);
  return new Map(rows.map((row) => [row.id, row.n]));
}
