import type { FieldIssue } from '../../../errors.ts';
import type { FieldSpec } from './types.ts';

/** The spec's wording of each rule (spec 2, section 5), with its number or format filled in. */
export const FIELD_MESSAGES = {
  required: 'Please provide a value.',
  maxLength: (max: number) => `The value is too long. It must be less than ${max} characters.`,
  minLength: (min: number) => `The value is too short. It must be at least ${min} characters.`,
  pattern: (format: string) => `Please provide a valid value. It must have the format ${format}.`,
  option: (options: readonly string[]) => `Please choose one of ${options.join(', ')}.`,
};

/**
 * Checks one value against its field. A secret left out of an update keeps its sealed value, so
 * `present` tells whether a value already exists when none is given.
 */
export function checkField(field: FieldSpec, value: string | undefined, present: boolean): FieldIssue | null {
  const reason = (text: string) => ({
    field: `${field.secret ? 'secrets' : 'settings'}.${field.name}`,
    reason: text,
  });
  if (value === undefined || value === '')
    return field.required && !present ? reason(FIELD_MESSAGES.required) : null;
  if (field.maxLength !== undefined && value.length > field.maxLength)
    return reason(FIELD_MESSAGES.maxLength(field.maxLength));
  if (field.minLength !== undefined && value.length < field.minLength)
    return reason(FIELD_MESSAGES.minLength(field.minLength));
  if (field.options && !field.options.includes(value)) return reason(FIELD_MESSAGES.option(field.options));
  if (field.pattern && !new RegExp(field.pattern.regex).test(value))
    return reason(FIELD_MESSAGES.pattern(field.pattern.format));
  return null;
}

export const HTTPS_URL = { regex: '^https?://[^\\s]+$', format: 'https://host/path' };
