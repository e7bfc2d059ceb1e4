import type { FastifyReply } from 'fastify';
import type { components } from '../../api/schema.d.ts';
import type { customers, users } from '../db/schema/index.ts';

type Schemas = components['schemas'];

/** Row → contract shapes, shared by every handler that returns them. */
export function presentContact(u: typeof users.$inferSelect): Schemas['Contact'] {
  return {
    contact_id: u.contactId,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    name: [u.firstName, u.lastName].filter(Boolean).join(' '),
    role_level: u.roleLevel === 'Global' ? 'Global' : 'Customer',
    valid_customer_ids: u.validCustomerIds,
    last_login: u.lastLogin?.toISOString() ?? null,
  };
}

export function presentCustomer(c: typeof customers.$inferSelect): Schemas['Customer'] {
  return {
    customer_id: c.customerId,
    name: c.name,
    has_subscription: c.hasSubscription,
    phone: c.phone,
    email: c.email,
    address: c.address,
    city: c.city,
    state: c.state,
    country: c.country,
    zip: c.zip,
    country_iso: c.countryIso,
    url: c.url,
    created_time: c.createdTime.toISOString(),
    modified_time: c.modifiedTime.toISOString(),
  };
}

/** The customers a request asks for, narrowed to those the caller may see (an empty ask means all). */
export function requestedCustomers(
  allowed: readonly string[],
  asked: readonly string[] | undefined,
): string[] {
  if (!asked || asked.length === 0) return [...allowed];
  const set = new Set(allowed);
  return asked.filter((id) => set.has(id));
}

/**
 * Answers with JSON text that is already serialised (the alert list has PostgreSQL write its rows):
 * Fastify sends a string with a JSON content type as it is. The caller owns the shape, which the
 * contract's response schema would otherwise have enforced; API tests check it.
 */
export function sendJson<T>(reply: FastifyReply, json: string): T {
  reply.type('application/json; charset=utf-8');
  return json as T;
}
