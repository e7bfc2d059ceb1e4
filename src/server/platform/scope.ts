import type { Principal } from '../auth/principal.ts';
import { ApiError, badRequest, forbidden } from '../errors.ts';
import { isStaff } from './permissions.ts';

/**
 * The caller's reach, as handlers use it. `principal.scope.customerIds` is every customer the
 * caller may see (row-level security enforces the same underneath).
 */

/** The customers a request asks for, narrowed to those the caller may see (an empty ask means all). */
export function requestedCustomers(
  allowed: readonly string[],
  asked: readonly string[] | undefined,
): string[] {
  if (!asked || asked.length === 0) return [...allowed];
  const set = new Set(allowed);
  return asked.filter((id) => set.has(id));
}

/** The spec's wording for a customer the caller cannot reach (spec 2, section 8): never 403. */
export function customerNotFound(customerId: string): ApiError {
  return new ApiError(404, 'not_found', `A customer with the ID ${customerId} was not found.`);
}

/** Throws customerNotFound unless the caller may see the customer. */
export function requireVisibleCustomer(principal: Principal, customerId: string): void {
  if (!principal.scope.customerIds.includes(customerId)) throw customerNotFound(customerId);
}

/** How far a saved thing (a saved search, a report) is shared: its owner, a customer, everyone. */
export type SharedScope = 'private' | 'customer' | 'global';

/**
 * Who may share how (spec 2, section 6): private needs nothing; customer needs a customer the
 * caller may see; global reaches every user of the organisation, other customers' users too, so
 * only provider staff. The customer of a customer scope, else null.
 */
export function checkedSharedScope(
  principal: Principal,
  scope: SharedScope,
  customerId: string | null | undefined,
  words: { missingCustomer: string; globalDenied: string },
): string | null {
  if (scope === 'customer') {
    if (!customerId) throw badRequest('customer_id', words.missingCustomer);
    requireVisibleCustomer(principal, customerId);
    return customerId;
  }
  if (scope === 'global' && !isStaff(principal)) throw forbidden(words.globalDenied);
  return null;
}
