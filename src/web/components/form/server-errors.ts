import { ApiError } from '../../api/errors.ts';

/** The request body's property a refused field names: `body.tags[2]` and `tags` are both `tags`. */
export const propertyOf = (field: string) => field.replace(/^body\./, '').split(/[.[]/)[0] ?? '';

/**
 * The server's field refusals of a 4xx answer (DESIGN section 3: status, field, reason) sorted
 * onto the form's fields: `fieldOf` names the form field of a body property where they differ.
 * What names no field of the form is returned as `unplaced`, to show above the buttons.
 */
export function placeServerErrors<F extends string>(
  error: unknown,
  formFields: readonly F[],
  fieldOf: Partial<Record<string, F>> = {},
): { fields: Partial<Record<F, string>>; unplaced: string | null } | null {
  if (!(error instanceof ApiError) || error.status === null || error.status < 400 || error.status >= 500)
    return null;
  const fields: Partial<Record<F, string>> = {};
  const unplaced: string[] = [];
  for (const { field, reason } of error.fields) {
    const property = propertyOf(field);
    const target = fieldOf[property] ?? (formFields as readonly string[]).find((f) => f === property);
    if (target && !fields[target as F]) fields[target as F] = reason;
    else if (!target) unplaced.push(`${field}: ${reason}`);
  }
  const placedAny = Object.keys(fields).length > 0;
  return {
    fields,
    unplaced: unplaced.length > 0 ? unplaced.join('; ') : placedAny ? null : error.message,
  };
}
