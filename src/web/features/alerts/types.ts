import type { components } from '../../../api/schema.d.ts';

export type AlertSummary = components['schemas']['AlertSummary'];
export type Alert = components['schemas']['Alert'];
export type AlertFilter = components['schemas']['AlertFilter'];
export type AlertChanges = components['schemas']['AlertChanges'];
export type Detection = components['schemas']['Detection'];
export type Discussion = components['schemas']['Discussion'];
export type AlertActivity = components['schemas']['AlertActivity'];
export type Classification = components['schemas']['Classification'];
export type StatusKey = components['schemas']['Status'];
export type PriorityKey = components['schemas']['Priority'];
export type CaseSummary = components['schemas']['CaseSummary'];
export type MuteCondition = components['schemas']['MuteCondition'];

export const CLASSIFICATIONS: readonly Classification[] = [
  'true_positive',
  'benign_positive',
  'false_positive',
  'undetermined',
];

/** Date ranges of spec 2, section 9 (days; -1 is all time), sent as the list's `days`. */
export const DATE_RANGES = [-1, 1, 7, 14, 30, 180, 360] as const;
export type DateRange = (typeof DATE_RANGES)[number];

/** Case filter of spec 2, section 2: all alerts, only those in a case, or only those without. */
export const CASE_FILTERS = ['all', 'assigned', 'none'] as const;
export type CaseFilter = (typeof CASE_FILTERS)[number];
