import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A managed-security provider (partner or distributor): owns customers and staff users. */
export const partners = pgTable('partners', {
  partnerId: uuid('partner_id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** 'securecloud' | 'ecom' | null: partners created from those sources get a "return to previous site" link. */
  createdSource: text('created_source'),
  returnUrl: text('return_url'),
  /** Key-value settings such as aviator_enabled. */
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A managed organisation. Tenant boundary: every tenant-owned row carries customer_id. */
export const customers = pgTable(
  'customers',
  {
    customerId: uuid('customer_id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    name: text('name').notNull(),
    hasSubscription: boolean('has_subscription').notNull().default(false),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    zip: text('zip'),
    countryIso: text('country_iso'),
    url: text('url'),
    /** IANA time zone (Europe/Helsinki) report schedules run in; null is UTC. */
    timeZone: text('time_zone'),
    /** The language of the customer's reports (en-GB, en-US, de-DE, fi-FI); null is the product's default, en-GB. */
    locale: text('locale'),
    /** Managed detection and response: the provider's analysts watch this customer around the clock. */
    mdr: boolean('mdr').notNull().default(false),
    complianceSku: boolean('compliance_sku').notNull().default(false),
    /** Agents take the partner's global software package rather than one of the customer's own. */
    globalSoftwarePackage: boolean('global_software_package').notNull().default(true),
    /** The Chrome extension's policy (areas/customers/chrome-policy.ts); null until first saved: defaults apply. */
    chromePolicy: jsonb('chrome_policy').$type<Record<string, unknown>>(),
    createdTime: timestamp('created_time', { withTimezone: true }).notNull().defaultNow(),
    modifiedTime: timestamp('modified_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customers_partner_idx').on(t.partnerId), index('customers_name_idx').on(t.name)],
);

/** A person who signs in: provider staff (role_level Global) or a customer contact. */
export const users = pgTable(
  'users',
  {
    contactId: uuid('contact_id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    /** Unique regardless of case (users_email_lower_idx): sign-in matches it case-insensitively. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** scrypt hash for accounts of the embedded identity provider; null for external-IdP users. */
    passwordHash: text('password_hash'),
    /** 'Global' sees every customer of the partner; 'Customer' only valid_customer_ids. */
    roleLevel: text('role_level').notNull().default('Customer'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isProvisioning: boolean('is_provisioning').notNull().default(false),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
    validCustomerIds: uuid('valid_customer_ids').array().notNull().default(sql`'{}'::uuid[]`),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_partner_idx').on(t.partnerId),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/**
 * Which identity at an identity provider is which user: the provider's issuer and the subject it
 * asserts. Made on the first sign-in, by a verified e-mail address; from then on the link alone
 * decides, so a changed address at the provider neither locks the user out nor reaches another
 * account. One identity per user and provider. System connection only (not granted to the app role).
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => users.contactId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.subject] }),
    unique('user_identities_user_issuer_key').on(t.contactId, t.issuer),
  ],
);

/** What a customer is subscribed to and how it is billed; an active subscription makes the customer active. */
export const customerSubscriptions = pgTable(
  'customer_subscriptions',
  {
    subscriptionId: uuid('subscription_id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    product: text('product').notNull(),
    /** 'active' | 'suspended' | 'cancelled' */
    status: text('status').notNull().default('active'),
    /** 'endpoint' | 'user' | 'gigabyte' */
    billing: text('billing').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_subscriptions_customer_idx').on(t.customerId)],
);
