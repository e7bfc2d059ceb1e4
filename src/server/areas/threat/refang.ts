import { isEmail, isUrl } from '../../../common/patterns.ts';
import { type IndicatorKind, kindOf, normaliseIndicator } from './feeds/entry.ts';

/** Undoes the usual defanging of shared indicators: hxxp, [.], (.), [dot], [:], [@], [at]. */
export function refang(input: string): string {
  return input
    .trim()
    .replace(/^["'<(]+|["'>),;]+$/g, '')
    .replace(/^h(?:xx|\*\*|XX)p(s?)/i, 'http$1')
    .replace(/^fxp/i, 'ftp')
    .replace(/\[(?:\.|dot)\]|\((?:\.|dot)\)|\{(?:\.|dot)\}|\s+\[dot\]\s+/gi, '.')
    .replace(/\[:\]|\[:\/\/\]/g, (m) => m.slice(1, -1))
    .replace(/\[(?:@|at)\]|\((?:@|at)\)/gi, '@');
}

export type BulkKind = IndicatorKind | 'url' | 'email';

/** A line read as an indicator: what it is, and the value the store is asked about. */
export interface Classified {
  kind: BulkKind;
  /** The refanged text: the URL or e-mail address itself for those kinds. */
  value: string;
  /** The store's key: a URL's host, nothing for an e-mail address. */
  lookup: { kind: IndicatorKind; value: string } | null;
}

/** Classifies one refanged line by the shared patterns; null when it is no indicator at all. */
export function classify(line: string): Classified | null {
  const value = refang(line);
  if (!value) return null;
  if (isUrl(value)) {
    const host = hostOf(value);
    const kind = host ? kindOf(host) : null;
    const normal = kind && host ? normaliseIndicator(kind, host) : null;
    return { kind: 'url', value, lookup: kind && normal ? { kind, value: normal } : null };
  }
  if (isEmail(value)) return { kind: 'email', value: value.toLowerCase(), lookup: null };
  const kind = kindOf(value);
  const normal = kind ? normaliseIndicator(kind, value) : null;
  return kind && normal ? { kind, value: normal, lookup: { kind, value: normal } } : null;
}

function hostOf(url: string): string | null {
  try {
    const parsed = new URL(/^https?:\/\//i.test(url) ? url : `http://${url}`);
    return parsed.hostname.replace(/^\[|\]$/g, '');
  } catch {
    return null;
  }
}
