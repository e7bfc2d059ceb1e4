import { eq } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import { connectorCredentials, customers } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { conflict } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { customerNotFound, requireVisibleCustomer } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { storedChromePolicy } from '../customers/index.ts';
import { newConnectorCredential } from './credential.ts';
import { presentCredential, selectCredentials } from './present.ts';
import { extensionOfRedirect, handoverAddress } from './redirect.ts';
import { scopesOfPolicy } from './scopes.ts';

export const EXTENSION_OFF =
  "The browser extension is turned off in this customer's Chrome extension policy: turn it on before approving a connector.";

/** The customer's name and its extension policy as it is now; 404 when out of the caller's reach. */
async function customerPolicy(tx: Db, customerId: string) {
  const [row] = await tx
    .select({ name: customers.name, chromePolicy: customers.chromePolicy })
    .from(customers)
    .where(eq(customers.customerId, customerId));
  if (!row) throw customerNotFound(customerId);
  return { name: row.name, policy: storedChromePolicy(row.chromePolicy ?? null) };
}

export const getChromeConsent: Handler<'getChromeConsent'> = async (request) => {
  const principal = principalOf(request);
  const { customer_id: customerId, redirect_uri: redirectUri } = request.query;
  const extensionId = extensionOfRedirect(redirectUri);
  requireVisibleCustomer(principal, customerId);
  const { name, policy } = await asCaller(request, (tx) => customerPolicy(tx, customerId));
  return {
    customer_id: customerId,
    customer_name: name,
    extension_id: extensionId,
    enabled: policy.enabled,
    scopes: scopesOfPolicy(policy),
    policy,
  };
};

export const approveChromeConnector: Handler<'approveChromeConnector'> = async (request, reply) => {
  const principal = principalOf(request);
  const { customer_id: customerId, redirect_uri: redirectUri, state } = request.body;
  const extensionId = extensionOfRedirect(redirectUri);
  requireVisibleCustomer(principal, customerId);
  const issued = newConnectorCredential();
  const credential = await asCaller(request, async (tx) => {
    const { policy } = await customerPolicy(tx, customerId);
    if (!policy.enabled) throw conflict(EXTENSION_OFF);
    const scopes = scopesOfPolicy(policy);
    await tx.insert(connectorCredentials).values({
      credentialId: issued.credentialId,
      customerId,
      kind: 'chrome',
      extensionId,
      scopes,
      secretHash: issued.secretHash,
      approvedBy: principal.user.contactId,
    });
    await audit(tx, principal, {
      action: 'create',
      entity: 'connector_credential',
      entityId: issued.credentialId,
      customerId,
      after: { kind: 'chrome', extension_id: extensionId, scopes },
    });
    const [row] = await selectCredentials(tx).where(
      eq(connectorCredentials.credentialId, issued.credentialId),
    );
    return presentCredential(row!);
  });
  reply.status(201);
  return {
    credential,
    token: issued.bearer,
    redirect_to: handoverAddress(redirectUri, { token: issued.bearer, state }),
  };
};
