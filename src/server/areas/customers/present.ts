import type { components } from '../../../api/schema.d.ts';
import type { customerSubscriptions, customers, users } from '../../db/schema/index.ts';
import type { CustomerRow } from './queries.ts';

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

/** A customer's own fields; counts and subscriptions when the row carries them. */
export function presentCustomer(c: typeof customers.$inferSelect | CustomerRow): Schemas['Customer'] {
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
    time_zone: c.timeZone,
    locale: (c.locale ?? null) as Schemas['Customer']['locale'],
    mdr: c.mdr,
    compliance_sku: c.complianceSku,
    global_software_package: c.globalSoftwarePackage,
    ...('subscriptions' in c && {
      agent_count: c.agentCount,
      alert_count: c.alertCount,
      case_count: c.caseCount,
      subscriptions: c.subscriptions.map(presentSubscription),
    }),
    created_time: c.createdTime.toISOString(),
    modified_time: c.modifiedTime.toISOString(),
  };
}

export function presentSubscription(s: typeof customerSubscriptions.$inferSelect): Schemas['Subscription'] {
  return {
    subscription_id: s.subscriptionId,
    product: s.product,
    status: s.status as Schemas['SubscriptionStatus'],
    billing: s.billing as Schemas['SubscriptionBilling'],
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}
