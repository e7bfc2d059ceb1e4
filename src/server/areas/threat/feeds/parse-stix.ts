import { entryOf, type FeedEntry, type IndicatorKind } from './entry.ts';

interface StixObject {
  type?: string;
  id?: string;
  pattern?: string;
  pattern_type?: string;
  valid_until?: string;
  revoked?: boolean;
  indicator_types?: string[];
  labels?: string[];
  name?: string;
  source_ref?: string;
  target_ref?: string;
  relationship_type?: string;
}

/** Object paths of a STIX pattern comparison, and the kind of indicator they hold. */
const PATH_KINDS: [RegExp, IndicatorKind][] = [
  [/^ipv4-addr:value$/, 'ip'],
  [/^ipv6-addr:value$/, 'ip'],
  [/^domain-name:value$/, 'domain'],
  [/^file:hashes\.('?)(MD5|SHA-1|SHA-256|SHA1|SHA256)\1$/i, 'file'],
];

// One comparison: `object-path = 'value'` (STIX 2.1 patterning; quotes escaped as \').
const COMPARISON = /([a-z0-9-]+:[a-z0-9_.'-]+)\s*=\s*'((?:[^'\\]|\\.)*)'/gi;

/** The indicators one STIX pattern names by equality; other comparisons (MATCHES, LIKE) are not a value. */
export function patternValues(pattern: string): { kind: IndicatorKind; raw: string }[] {
  const found: { kind: IndicatorKind; raw: string }[] = [];
  for (const match of pattern.matchAll(COMPARISON)) {
    const kind = PATH_KINDS.find(([path]) => path.test(match[1]!))?.[1];
    if (kind) found.push({ kind, raw: match[2]!.replace(/\\(.)/g, '$1') });
  }
  return found;
}

/**
 * The indicators of a STIX 2.1 bundle: each unrevoked `indicator` in the STIX pattern language,
 * its types as categories, `valid_until` as expiry, and the malware it `indicates` as its group.
 */
export function parseStixBundle(document: unknown): FeedEntry[] {
  const bundle = document as { type?: string; objects?: StixObject[] } | null;
  if (bundle?.type !== 'bundle' || !Array.isArray(bundle.objects))
    throw new Error('a STIX 2.1 bundle has type "bundle" and objects');
  const byId = new Map(bundle.objects.filter((o) => o.id).map((o) => [o.id!, o]));
  const malwareOf = new Map<string, string>();
  for (const o of bundle.objects) {
    if (o.type !== 'relationship' || o.relationship_type !== 'indicates' || !o.source_ref) continue;
    const target = byId.get(o.target_ref ?? '');
    if (target?.type === 'malware' && target.name) malwareOf.set(o.source_ref, target.name);
  }
  const entries: FeedEntry[] = [];
  for (const o of bundle.objects) {
    if (o.type !== 'indicator' || o.revoked || !o.pattern) continue;
    if (o.pattern_type && o.pattern_type !== 'stix') continue;
    const until = o.valid_until ? new Date(o.valid_until) : null;
    for (const { kind, raw } of patternValues(o.pattern)) {
      const entry = entryOf(raw, kind, {
        threatCategories: o.indicator_types ?? o.labels ?? [],
        malwareGroup: malwareOf.get(o.id ?? '') ?? null,
        expiresAt: until && !Number.isNaN(until.getTime()) ? until : null,
      });
      if (entry) entries.push(entry);
    }
  }
  return entries;
}
