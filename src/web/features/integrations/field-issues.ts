import type { FieldIssue } from '../../../api/validate.ts';
import type { IntegrationField } from './api.ts';

/**
 * A value's issue by its kind's rules (spec 2, section 5), the server's own checks in the words of
 * the field kit: required, too short, too long, pattern. A secret left empty keeps what is stored.
 */
export function issueOf(field: IntegrationField, value: string, stored: boolean): FieldIssue | null {
  if (value === '') return field.required && !stored ? { key: 'required' } : null;
  if (field.max_length !== null && value.length > field.max_length)
    return { key: 'tooLong', count: field.max_length };
  if (field.min_length !== null && value.length < field.min_length)
    return { key: 'tooShort', count: field.min_length };
  if (field.options && !field.options.includes(value)) return { key: 'enum' };
  if (field.pattern && !new RegExp(field.pattern).test(value))
    return { key: 'pattern', pattern: field.format ?? field.pattern };
  return null;
}
