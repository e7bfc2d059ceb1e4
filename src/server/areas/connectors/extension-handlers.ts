import { eq } from 'drizzle-orm';
import { customers } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { badRequest, conflict, forbidden } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { rejectNulCharacters } from '../../platform/input.ts';
import { createAlertRecord } from '../alerts/index.ts';
import { storedChromePolicy } from '../customers/index.ts';
import { asConnector, connectorOf } from './credential.ts';

export const NOT_REPORTING = "This customer's Chrome extension policy no longer reports blocked visits.";
export const NO_REPORT_SCOPE = 'This connector was not approved to report blocked visits.';
const BAD_URL = 'must be an http or https address';

async function ownCustomer(tx: Db, customerId: string) {
  const [row] = await tx
    .select({ name: customers.name, chromePolicy: customers.chromePolicy })
    .from(customers)
    .where(eq(customers.customerId, customerId));
  // The credential's customer is gone only when it was deleted, which deletes the credential too.
  if (!row) throw forbidden('This connector has no customer any more.');
  return { name: row.name, policy: storedChromePolicy(row.chromePolicy ?? null) };
}

export const getConnectorPolicy: Handler<'getConnectorPolicy'> = async (request) => {
  const caller = connectorOf(request);
  const { name, policy } = await asConnector(request.server.db, caller, (tx) =>
    ownCustomer(tx, caller.customerId),
  );
  return { customer_id: caller.customerId, customer_name: name, scopes: [...caller.scopes], policy };
};

/** The visited address, checked: the alert shows it, so only web addresses are taken. */
function visitedUrl(value: string): URL {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // Not an address at all: the same answer.
  }
  throw badRequest('url', BAD_URL);
}

export const reportBlockedVisit: Handler<'reportBlockedVisit'> = async (request, reply) => {
  const caller = connectorOf(request);
  if (!caller.scopes.includes('report_blocked_visits')) throw forbidden(NO_REPORT_SCOPE);
  rejectNulCharacters(request);
  const { reason, user_email: userEmail, visited_at: visitedAt } = request.body;
  const url = visitedUrl(request.body.url);
  const alert = await asConnector(request.server.db, caller, async (tx) => {
    const { policy } = await ownCustomer(tx, caller.customerId);
    if (!policy.report_blocked_visits) throw conflict(NOT_REPORTING);
    return createAlertRecord(tx, caller.principal, {
      customerId: caller.customerId,
      title: `Browser visit blocked: ${url.hostname}`,
      type: 'browser_blocked_visit',
      priority: reason === 'blocked_domain' ? 'high' : 'medium',
      externalSource: 'chrome_connector',
      fields: {
        url: url.href,
        domain: url.hostname,
        reason,
        user_email: userEmail ?? null,
        visited_at: visitedAt ?? new Date().toISOString(),
        connector_credential_id: caller.credentialId,
      },
    });
  });
  reply.status(201);
  return { alert_id: alert.id, status: alert.status as 'new' | 'muted' };
};
