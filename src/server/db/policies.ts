/**
 * The building blocks of the row-level security policies each area declares for its tables
 * (`tenantPolicies` in `areas/<area>/index.ts`; db/tenancy.ts applies them). Plain SQL text over
 * the transaction-local settings `withScope` sets, nothing else: area modules import it freely.
 *
 * Each setting is read in a scalar subquery so PostgreSQL evaluates it once per query, not once
 * per row. The uuid[] cast belongs inside the subquery too: outside it, every row checked by a
 * filter (an index scan in created_at order, say) parses the whole list of customer ids again.
 * The outer cast is a no-op that keeps `= any (…)` an array comparison rather than `= any (subquery)`.
 */
export const scopeIds = `(select string_to_array(current_setting('app.customer_ids', true), ',')::uuid[])::uuid[]`;

/** The row's customer is one the caller may see. */
export const inScope = `customer_id = any (${scopeIds})`;

/** The row is the caller's provider's. */
export const samePartner = `partner_id = (select nullif(current_setting('app.partner_id', true), '')::uuid)`;

/** The caller's own user id (contact id). */
export const currentUserId = `(select nullif(current_setting('app.user_id', true), '')::uuid)`;

/** The caller is provider staff (role level Global). */
export const isGlobal = `(select current_setting('app.global', true)) = 'on'`;
