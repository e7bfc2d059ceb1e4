import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import { agentEnrolmentTokens } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Handler } from '../../platform/handler.ts';
import { requestedCustomers, requireVisibleCustomer } from '../../platform/scope.ts';
import { hashSecret, newSecret, revokeCredential } from '../../platform/secrets.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { presentToken } from './present.ts';

const DEFAULT_EXPIRY_DAYS = 7;

/** Enrolment tokens let machines join a customer: provider staff hand them out, nobody else. */
export const listEnrolmentTokens: Handler<'listEnrolmentTokens'> = async (request) => {
  const principal = principalOf(request);
  const ids = requestedCustomers(principal.scope.customerIds, request.query.customer_ids);
  const rows = await asCaller(request, (tx) =>
    tx
      .select()
      .from(agentEnrolmentTokens)
      .where(inIds(agentEnrolmentTokens.customerId, ids))
      .orderBy(desc(agentEnrolmentTokens.createdAt), desc(agentEnrolmentTokens.tokenId)),
  );
  const now = new Date();
  return { tokens: rows.map((row) => presentToken(row, now)) };
};

export const createEnrolmentToken: Handler<'createEnrolmentToken'> = async (request, reply) => {
  const principal = principalOf(request);
  const body = request.body;
  requireVisibleCustomer(principal, body.customer_id);
  const secret = newSecret();
  const days = body.expires_in_days ?? DEFAULT_EXPIRY_DAYS;
  const row = await asCaller(request, async (tx) => {
    const [created] = await tx
      .insert(agentEnrolmentTokens)
      .values({
        tokenId: randomUUID(),
        customerId: body.customer_id,
        name: body.name,
        secretHash: hashSecret(secret),
        useLimit: body.use_limit ?? 1,
        expiresAt: new Date(Date.now() + days * 86_400_000),
        createdBy: principal.user.contactId,
      })
      .returning();
    await audit(tx, principal, {
      action: 'create',
      entity: 'enrolment_token',
      entityId: created!.tokenId,
      customerId: created!.customerId,
      after: { name: created!.name, use_limit: created!.useLimit, expires_at: created!.expiresAt },
    });
    return created!;
  });
  reply.status(201);
  return { enrolment_token: presentToken(row, new Date()), token: `${row.tokenId}.${secret}` };
};

export const revokeEnrolmentToken: Handler<'revokeEnrolmentToken'> = async (request) => {
  const principal = principalOf(request);
  const where = and(
    eq(agentEnrolmentTokens.tokenId, request.params.token_id),
    inIds(agentEnrolmentTokens.customerId, principal.scope.customerIds),
  );
  const credential = { entity: 'enrolment_token', id: request.params.token_id, label: 'Enrolment token' };
  const row = await asCaller(request, (tx) =>
    revokeCredential(
      tx,
      principal,
      credential,
      async () => (await tx.select().from(agentEnrolmentTokens).where(where).for('update'))[0],
      async () =>
        (
          await tx
            .update(agentEnrolmentTokens)
            .set({ revokedAt: new Date(), revokedBy: principal.user.contactId })
            .where(where)
            .returning()
        )[0],
    ),
  );
  return presentToken(row, new Date());
};
