import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import { audit } from '../../audit.ts';
import { newApiKeySecret } from '../../auth/api-keys.ts';
import { apiKeys } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { rejectNulCharacters } from '../../platform/input.ts';
import { isStaff } from '../../platform/permissions.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';

type KeyRow = typeof apiKeys.$inferSelect;

function presentKey(k: KeyRow): components['schemas']['ApiKey'] {
  return {
    key_id: k.keyId,
    name: k.name,
    global: k.global,
    customer_ids: k.customerIds,
    access: k.access === 'read_write' ? 'read_write' : 'read',
    created_at: k.createdAt.toISOString(),
    expires_at: k.expiresAt.toISOString(),
    last_used_at: k.lastUsedAt?.toISOString() ?? null,
    revoked_at: k.revokedAt?.toISOString() ?? null,
  };
}

export const listApiKeys: Handler<'listApiKeys'> = async (request) => {
  const principal = principalOf(request);
  const rows = await asCaller(request, (tx) =>
    tx
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.createdBy, principal.user.contactId))
      .orderBy(desc(apiKeys.createdAt)),
  );
  return { api_keys: rows.map(presentKey) };
};

export const createApiKey: Handler<'createApiKey'> = async (request, reply) => {
  const principal = principalOf(request);
  rejectNulCharacters(request);
  const body = request.body;
  const global = body.global === true;
  if (global && !(isStaff(principal) && principal.scope.global))
    throw forbidden('Only staff who see every customer can create a key for every customer.');
  const customerIds = global ? [] : [...new Set(body.customer_ids ?? [])];
  if (!global && customerIds.length === 0) throw badRequest('customer_ids', 'Please select a customer');
  const reach = new Set(principal.scope.customerIds);
  const outside = customerIds.find((id) => !reach.has(id));
  if (outside) throw badRequest('customer_ids', `A customer with the ID ${outside} was not found.`);
  const name = body.name.trim();
  if (!name) throw badRequest('name', 'This field is required.');

  const keyId = randomUUID();
  const { bearer, secretHash } = newApiKeySecret(keyId);
  const row = await asCaller(request, async (tx) => {
    const [created] = await tx
      .insert(apiKeys)
      .values({
        keyId,
        partnerId: principal.user.partnerId,
        createdBy: principal.user.contactId,
        name,
        global,
        customerIds,
        access: body.access,
        secretHash,
        expiresAt: new Date(Date.now() + body.expires_in_days * 86_400_000),
      })
      .returning();
    await audit(tx, principal, {
      action: 'create',
      entity: 'api_key',
      entityId: keyId,
      after: presentKey(created!),
    });
    return created!;
  });
  reply.code(201);
  return { ...presentKey(row), key: bearer };
};

export const revokeApiKey: Handler<'revokeApiKey'> = async (request, reply) => {
  const principal = principalOf(request);
  const id = request.params.key_id;
  await asCaller(request, async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(apiKeys.keyId, id),
          eq(apiKeys.createdBy, principal.user.contactId),
          isNull(apiKeys.revokedAt),
        ),
      )
      .returning();
    if (!revoked) throw notFound(`API key ${id}`);
    await audit(tx, principal, {
      action: 'revoke',
      entity: 'api_key',
      entityId: id,
      after: presentKey(revoked),
    });
  });
  reply.code(204);
  return undefined;
};
