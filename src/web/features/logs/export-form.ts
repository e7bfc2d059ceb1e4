import { EXPORT_STREAM_LIMIT } from '../../../api/limits.ts';
import { ruleOf, validate } from '../../../api/validate.ts';
import { COMMON_EVENT_FIELDS, type CommonEventField } from '../../../common/log-fields.ts';
import { isEmail } from '../../../common/patterns.ts';
import { recipientsOf } from '../../components/form/RecipientsField.tsx';
import type { ExportBody } from './api.ts';

/** Fields every event has (the server's common columns); the raw event's paths are not offered here. */
export const EXPORT_FIELDS = COMMON_EVENT_FIELDS;
export type ExportField = CommonEventField;

/** Up to this many events without addresses are downloaded at once; more are mailed. */
export const STREAM_LIMIT = EXPORT_STREAM_LIMIT;
/** Most events one export may hold: the contract's `size` maximum. */
export const MAX_EXPORT = ruleOf('exportSearch', 'size').maximum ?? 1;

/** Spec 2: CSV or JSON (one array); NDJSON (a JSON object a line) stays for streaming tools. */
export const EXPORT_MODES = ['csv', 'json', 'ndjson'] as const;
export type ExportMode = (typeof EXPORT_MODES)[number];

export interface ExportDraft extends Record<string, unknown> {
  mode: ExportMode;
  size: string;
  fields: ExportField[];
  /** Addresses separated by commas, semicolons or spaces. */
  emails: string;
}

export type ExportErrors = Partial<{
  size: 'required' | 'range';
  fields: 'none';
  emails: 'needsEmail';
}>;

export const emailsOf = recipientsOf;

/** The contract's checks (exportSearch: size, fields, recipients) in the dialog's own words. */
export function exportErrors(draft: ExportDraft): ExportErrors {
  const emails = emailsOf(draft.emails);
  const issues = validate('exportSearch', { size: draft.size, fields: draft.fields, emails });
  const errors: ExportErrors = {};
  if (issues.size) errors.size = issues.size.key === 'required' ? 'required' : 'range';
  if (issues.fields) errors.fields = 'none';
  // Spec 5: a large export needs an address, and every address given must be valid.
  const size = Number(draft.size.trim());
  if (issues.emails || emails.some((e) => !isEmail(e)) || (size > STREAM_LIMIT && emails.length === 0))
    errors.emails = 'needsEmail';
  return errors;
}

/** Whether the draft is downloaded at once rather than mailed. */
export const isStreamed = (draft: ExportDraft) =>
  Number(draft.size) <= STREAM_LIMIT && emailsOf(draft.emails).length === 0;

/** The contract's body for the draft: the server writes CSV, a JSON array or JSON lines. */
export const exportBody = (draft: ExportDraft): ExportBody => ({
  mode: draft.mode,
  size: Number(draft.size.trim()),
  fields: EXPORT_FIELDS.filter((f) => draft.fields.includes(f)),
  emails: emailsOf(draft.emails),
});

export const EXTENSIONS: Record<ExportMode, string> = { csv: 'csv', json: 'json', ndjson: 'ndjson' };
