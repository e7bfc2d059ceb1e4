import type { components } from '../../src/api/schema.d.ts';
import type { LeaveTarget } from '../shared/save-fragment.ts';

export type { LeaveTarget };

/** A mute as the API answers it (openapi/paths/mutes.yaml). */
export type Mute = components['schemas']['Mute'];
export type MuteOperator = components['schemas']['MuteCondition']['operator'];

export const MUTE_OPERATORS: readonly MuteOperator[] = [
  'equals',
  'not_equals',
  'contains',
  'starts_with',
  'regex',
];

/** The alert fields a condition can name; raw data is `fields.<path>`. */
export const MUTE_FIELDS = ['title', 'type', 'priority', 'host_name', 'external_source'] as const;

/** One row of the conditions form; `key` keeps a row's identity while rows are added and removed. */
export interface ConditionDraft {
  key: number;
  field: string;
  operator: MuteOperator;
  value: string;
}

/**
 * How long the mute lasts from the save: the presets of the form, a custom date, or (for an
 * existing mute) its current expiry kept. Spec 2, section 9: the default is one day.
 */
export type ExpiryChoice = 'keep' | '1h' | '1d' | '7d' | '30d' | 'custom';

export const EXPIRY_PRESETS: Record<Exclude<ExpiryChoice, 'keep' | 'custom'>, number> = {
  '1h': 60 * 60,
  '1d': 24 * 60 * 60,
  '7d': 7 * 24 * 60 * 60,
  '30d': 30 * 24 * 60 * 60,
};

export const DEFAULT_EXPIRY: ExpiryChoice = '1d';

/** What the panel was asked to show instead of this mute: another mute, or a new mute's form. */
export type MuteOpening = { kind: 'mute'; mute: Mute } | { kind: 'new' };

export interface MuteDraft {
  /** The customer a new mute is for; an existing mute keeps its own. */
  customerId: string;
  conditions: ConditionDraft[];
  description: string;
  expiry: ExpiryChoice;
  /** The custom expiry as the date-time field holds it (local time, `YYYY-MM-DDTHH:mm`). */
  customExpiry: string;
}

export interface MuteLifecycleContext {
  /** The mute as last answered by the server; null while a new one is being written. */
  mute: Mute | null;
  /** The form while editing or creating. */
  draft: MuteDraft;
  /** The form as it was opened: the draft has unsaved changes while it differs from it. */
  base: MuteDraft;
  /** Next row key. */
  nextKey: number;
  /** A save was tried with errors: the form now shows every error, not only touched ones. */
  attempted: boolean;
  /** Why the last call failed; null when nothing failed. */
  error: string | null;
  /** Where the user asked to go while the form had unsaved changes; null for closing the form. */
  leave: LeaveTarget | null;
  /** What the user asked the panel to show instead while the form had unsaved changes. */
  opening: MuteOpening | null;
}

export interface MuteLifecycleInput {
  /** The mute to show; null to write a new one. */
  mute: Mute | null;
  /** For a new mute: the customer chosen at first (e.g. the only one selected). */
  customerId?: string;
}
