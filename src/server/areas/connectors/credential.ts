import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { hasAny } from '../../../common/permissions.ts';
import { CONNECTOR_PREFIX } from '../../auth/bearer.ts';
import type { Principal } from '../../auth/principal.ts';
import { reachOver } from '../../auth/reach-now.ts';
import { connectorCredentials, customers } from '../../db/schema/index.ts';
import { withScope } from '../../db/tenancy.ts';
import type { Db } from '../../db/types.ts';
import { unauthorized } from '../../errors.ts';
import { hashSecret, newSecret, parseCompound, secretMatches } from '../../platform/secrets.ts';
import type { ConnectorScope } from './scopes.ts';

/** The extension calling, known from its credential. */
export interface ConnectorCaller {
  credentialId: string;
  customerId: string;
  scopes: readonly ConnectorScope[];
  /** Who approved it, as they are now, narrowed to the one customer: the calls act as them. */
  principal: Principal;
}

declare module 'fastify' {
  interface FastifyRequest {
    connector: ConnectorCaller | null;
  }
}

const SEND_IT = 'Send the connector credential: Authorization: Bearer wfc_<id>.<secret>.';

/** A new credential: its id, the bearer the extension keeps, and the hash stored in its place. */
export function newConnectorCredential() {
  const credentialId = randomUUID();
  const secret = newSecret();
  return {
    credentialId,
    bearer: `${CONNECTOR_PREFIX}${credentialId}.${secret}`,
    secretHash: hashSecret(secret),
  };
}

/**
 * The security of the extension's operations: one primary-key read and a hash compare, then the
 * approver's reach as it is now (system connection: no scope exists yet). Missing, malformed,
 * unknown, wrong and revoked credentials are 401, and so is one whose approver can no longer
 * approve connectors for its customer: a credential is never wider than the person behind it.
 */
export async function authenticateConnector(db: Db, request: FastifyRequest): Promise<void> {
  const match = /^Bearer\s+wfc_(\S+)$/i.exec(request.headers.authorization ?? '');
  const parts = match ? parseCompound(match[1]!) : null;
  if (!parts) throw unauthorized(SEND_IT);
  const [row] = await db
    .select({
      credentialId: connectorCredentials.credentialId,
      customerId: connectorCredentials.customerId,
      scopes: connectorCredentials.scopes,
      hash: connectorCredentials.secretHash,
      approvedBy: connectorCredentials.approvedBy,
      revokedAt: connectorCredentials.revokedAt,
      partnerId: customers.partnerId,
    })
    .from(connectorCredentials)
    .innerJoin(customers, eq(customers.customerId, connectorCredentials.customerId))
    .where(eq(connectorCredentials.credentialId, parts.id))
    .limit(1);
  if (!row || !secretMatches(parts.secret, row.hash)) throw unauthorized('Unknown connector credential.');
  if (row.revokedAt) throw unauthorized('This connector credential was revoked.');
  const reach = await reachOver(db, { userId: row.approvedBy, partnerId: row.partnerId }, [row.customerId]);
  if ('refused' in reach || !hasAny(reach.principal.permissions, ['modify_all']))
    throw unauthorized('The person who approved this connector can no longer approve it for this customer.');
  await db
    .update(connectorCredentials)
    .set({ lastUsedAt: new Date() })
    .where(eq(connectorCredentials.credentialId, row.credentialId));
  request.connector = {
    credentialId: row.credentialId,
    customerId: row.customerId,
    scopes: row.scopes as ConnectorScope[],
    principal: { ...reach.principal, user: { ...reach.principal.user, isAdmin: false } },
  };
}

export function connectorOf(request: FastifyRequest): ConnectorCaller {
  if (!request.connector) throw unauthorized(SEND_IT);
  return request.connector;
}

/** Runs fn with row-level security limited to the credential's customer. */
export function asConnector<T>(db: Db, caller: ConnectorCaller, fn: (tx: Db) => Promise<T>): Promise<T> {
  return withScope(db, caller.principal.scope, fn);
}
