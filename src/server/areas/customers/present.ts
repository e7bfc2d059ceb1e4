import type { components } from '../../../api/schema.d.ts';
import type { customers, users } from '../../db/schema/index.ts';

type Schemas = components['schemas'];

/** Row → contract shapes; the shell's support contacts use presentContact too. */
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
