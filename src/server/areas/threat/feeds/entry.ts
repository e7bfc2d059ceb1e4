import { isDomain, isFileHash, isIp } from '../../../../common/patterns.ts';

export type IndicatorKind = 'ip' | 'domain' | 'file';

/** One indicator as a feed states it, before the store merges it. */
export interface FeedEntry {
  kind: IndicatorKind;
  value: string;
  risk?: number;
  threatCategories?: string[];
  malwareGroup?: string | null;
  expiresAt?: Date | null;
}

/** The stored form of a value: domains and hashes in lower case, IPs as written; null when it is not one. */
export function normaliseIndicator(kind: IndicatorKind, raw: string): string | null {
  const value = raw.trim().replace(/\.$/, '');
  if (kind === 'ip') return isIp(value) ? value : null;
  const lower = value.toLowerCase();
  if (kind === 'domain') return isDomain(lower) ? lower : null;
  return isFileHash(lower) ? lower : null;
}

/** The kind of a bare value: an IP, a file hash or a domain; null for anything else. */
export function kindOf(raw: string): IndicatorKind | null {
  const value = raw.trim();
  if (isIp(value)) return 'ip';
  if (isFileHash(value)) return 'file';
  if (isDomain(value.replace(/\.$/, ''))) return 'domain';
  return null;
}

/** An entry for a bare value of the given kind (or whatever kind it is), when it is valid. */
export function entryOf(
  raw: string,
  kind: IndicatorKind | null,
  extra: Omit<FeedEntry, 'kind' | 'value'> = {},
) {
  const actual = kind ?? kindOf(raw);
  if (!actual) return null;
  const value = normaliseIndicator(actual, raw);
  return value ? { kind: actual, value, ...extra } : null;
}
