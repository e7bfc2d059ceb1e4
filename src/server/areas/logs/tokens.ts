import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import { ingestTokens } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import { badRequest } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { requestedCustomers, requireVisibleCustomer } from '../../platform/scope.ts';
import { hashSecret, newSecret, revokeCredential } from '../../platform/secrets.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { findSource } from './sources.ts';

type TokenRow = typeof ingestTokens.$inferSelect;

/** Ingest tokens let machines write a customer's logs: provider staff hand them out, nobody else. */
function presentToken(row: TokenRow) {
  return {
    token_id: row.tokenId,
    customer_id: row.customerId,
    name: row.name,
    source: row.source,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export const listIngestTokens: Handler<'listIngestTokens'> = async (request) => {
  const principal = principalOf(request);
  const ids = requestedCustomers(principal.scope.customerIds, request.query.customer_ids);
  const rows = await asCaller(request, (tx) =>
    tx
      .select()
      .from(ingestTokens)
      .where(inIds(ingestTokens.customerId, ids))
      .orderBy(desc(ingestTokens.createdAt), desc(ingestTokens.tokenId)),
  );
  return { tokens: rows.map(presentToken) };
};

export const createIngestToken: Handler<'createIngestToken'> = async (request, reply) => {
  const principal = principalOf(request);
  const body = request.body;
  requireVisibleCustomer(principal, body.customer_id);
  if (!findSource(body.source)) throw badRequest('source', 'is not a known source');
  const secret = newSecret();
  const row = await asCaller(request, async (tx) => {
    const [created] = await tx
      .insert(ingestTokens)
      .values({
        tokenId: randomUUID(),
        customerId: body.customer_id,
        name: body.name,
        source: body.source,
        secretHash: hashSecret(secret),
        createdBy: principal.user.contactId,
      })
      .returning();
    await audit(tx, principal, {
      action: 'create',
      entity: 'ingest_token',
      entityId: created!.tokenId,
      customerId: created!.customerId,
      after: { name: created!.name, source: created!.source },
    });
    return created!;
  });
  reply.status(201);
  return { ingest_token: presentToken(row), token: `${row.tokenId}.${secret}` };
};

export const revokeIngestToken: Handler<'revokeIngestToken'> = async (request) => {
  const principal = principalOf(request);
  const where = and(
    eq(ingestTokens.tokenId, request.params.token_id),
    inIds(ingestTokens.customerId, principal.scope.customerIds),
  );
  const credential = { entity: 'ingest_token', id: request.params.token_id, label: 'Ingest token' };
  const row = await asCaller(request, (tx) =>
    revokeCredential(
      tx,
      principal,
      credential,
      async () => (await tx.select().from(ingestTokens).where(where).for('update'))[0],
      async () => (await tx.update(ingestTokens).set({ revokedAt: new Date() }).where(where).returning())[0],
    ),
  );
  return presentToken(row);
};
