import { PRIORITIES, type Priority, STATUSES, type Status } from '../../common/statuses.ts';
import { allowedTargets, SYSTEM_STATUSES } from '../../common/transitions.ts';

/**
 * Statuses a person may set from the palette: every target of an allowed transition from some
 * status (src/common/transitions.ts). The server still checks each alert's own transition and
 * reports the ones that cannot move (`invalid_transition`).
 */
export const STATUS_TARGETS: readonly Status[] = [
  ...new Set(STATUSES.flatMap((s) => allowedTargets(s.key))),
].filter((s) => !SYSTEM_STATUSES.includes(s));

/** Resolutions: setting one takes alerts out of work, so the palette confirms first. */
export const RESOLUTIONS: readonly Status[] = ['closed', 'false_positive', 'accepted_risk'];

export const PRIORITY_CHOICES: readonly Priority[] = PRIORITIES;

/** Mute lengths the palette offers (spec 2: a mute expires after 1 day by default). */
export const MUTE_DURATIONS = { '1h': 3_600, '1d': 86_400, '7d': 604_800, '30d': 2_592_000 } as const;
export type MuteDuration = keyof typeof MUTE_DURATIONS;
export const MUTE_CHOICES = Object.keys(MUTE_DURATIONS) as MuteDuration[];

/** `False positive`, `false-positive` and `false_positive` all mean the status key. */
export const normaliseWord = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Choices that start with (or, failing that, contain) what was typed, in their given order. */
export function matchChoices<T extends string>(choices: readonly T[], typed: string): T[] {
  const word = normaliseWord(typed);
  if (word === '') return [...choices];
  const starts = choices.filter((c) => c.startsWith(word));
  return starts.length > 0 ? starts : choices.filter((c) => c.includes(word));
}

/** A positive whole number as written (case ids, alert ids). */
export const isId = (text: string) => /^[1-9]\d{0,15}$/.test(text.trim());
