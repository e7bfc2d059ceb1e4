import { isStaff } from '../alerts/permissions.ts';
import type { Principal } from '../auth/principal.ts';
import { ApiError, forbidden } from '../errors.ts';

/** Who may change cases: staff need `modify_all`; customer users create and edit their own customers' cases. */
export function canChangeCases(principal: Principal): boolean {
  return !isStaff(principal) || principal.permissions.includes('modify_all');
}

/** Throws 403 unless the caller may change cases. */
export function requireCaseWriter(principal: Principal): void {
  if (!canChangeCases(principal)) throw forbidden('You do not have permission to change cases.');
}

/** The answer for a case that does not exist or that the caller may not see (spec 2, section 8). */
export const caseNotFound = (id: number) => new ApiError(404, 'not_found', `Case with ID ${id} not found`);

export const alertNotFound = (id: number) => new ApiError(404, 'not_found', `Alert ${id} was not found.`);

export const customerNotFound = (id: string) =>
  new ApiError(404, 'not_found', `A customer with the ID ${id} was not found.`);
