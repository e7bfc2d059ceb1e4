import type { Principal } from '../auth/principal.ts';
import { ApiError } from '../errors.ts';

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
