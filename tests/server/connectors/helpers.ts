import { eq } from 'drizzle-orm';
import type { ChromePolicy } from '../../../src/server/areas/customers/index.ts';
import { customers, users } from '../../../src/server/db/schema/index.ts';
import type { TestApp } from '../../helpers/app.ts';

/** The address an extension asks to be sent back to, as chrome.runtime.getURL makes it. */
export const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';
export const REDIRECT = `chrome-extension://${EXTENSION_ID}/connected.html`;

export const REPORTING_POLICY: ChromePolicy = {
  enabled: true,
  risky_domain_mode: 'block',
  password_reuse_warning: true,
  allowed_domains: ['acme.example'],
  blocked_domains: ['evil.example'],
  report_blocked_visits: true,
};

export async function setPolicy(t: TestApp, customerId: string, policy: ChromePolicy) {
  await t.database.db
    .update(customers)
    .set({ chromePolicy: { ...policy } })
    .where(eq(customers.customerId, customerId));
}

/** A customer administrator of Acme (role level Customer with modify_all), as the demo's admin@acme. */
export async function acmeAdmin(t: TestApp) {
  const [admin] = await t.database.db
    .insert(users)
    .values({
      partnerId: t.fixtures.partner.partnerId,
      email: 'admin@acme.test',
      firstName: 'Ada',
      lastName: 'Min',
      roleLevel: 'Customer',
      permissions: ['read_all', 'modify_all'],
      validCustomerIds: [t.fixtures.acme.customerId],
    })
    .returning();
  return admin!;
}

/** Approves the extension for a customer as `user`; the answer's JSON. */
export async function approve(
  t: TestApp,
  user: { contactId: string },
  customerId: string,
  over: Record<string, unknown> = {},
) {
  return t.as(user, {
    method: 'POST',
    url: '/api/connectors/v1/chrome/credentials',
    payload: { customer_id: customerId, redirect_uri: REDIRECT, state: 'st-123', ...over },
  });
}

/** A call of the extension with its credential: no cookie, no XSRF header. */
export function asExtension(
  t: TestApp,
  token: string,
  options: { method?: 'GET' | 'POST'; url: string; payload?: object },
) {
  return t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });
}
