import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { type Classified, classify } from './refang.ts';

/** Shortest printable run kept as a string (as `strings -n 6`). */
const MIN_STRING = 6;
const SAMPLE = 200;
/** Indicators a report names at most. */
export const SANDBOX_INDICATORS = 500;

/** Shannon entropy in bits a byte: 0 for one repeated byte, 8 for uniformly random bytes. */
export function entropy(bytes: Uint8Array): number {
  if (bytes.length === 0) return 0;
  const counts = new Array<number>(256).fill(0);
  for (const b of bytes) counts[b]!++;
  let bits = 0;
  for (const c of counts) {
    if (!c) continue;
    const p = c / bytes.length;
    bits -= p * Math.log2(p);
  }
  return Math.round(bits * 1000) / 1000;
}

const printable = (b: number) => (b >= 0x20 && b < 0x7f) || b === 0x09;

/** Printable runs of MIN_STRING or more: ASCII, and UTF-16LE (Windows binaries keep text so). */
export function printableStrings(bytes: Uint8Array): string[] {
  const found: string[] = [];
  let run: number[] = [];
  const flush = () => {
    if (run.length >= MIN_STRING) found.push(String.fromCharCode(...run));
    run = [];
  };
  for (const b of bytes) {
    if (printable(b)) run.push(b);
    else flush();
  }
  flush();
  // UTF-16 text may start at an odd offset: both alignments are read.
  for (const start of [0, 1]) {
    for (let i = start; i + 1 < bytes.length; i += 2) {
      if (printable(bytes[i]!) && bytes[i + 1] === 0) run.push(bytes[i]!);
      else flush();
    }
    flush();
  }
  return found;
}

/** The indicators named in the strings, by the shared patterns (refanged, deduplicated). */
export function indicatorsIn(strings: readonly string[]): Classified[] {
  const seen = new Map<string, Classified>();
  for (const text of strings) {
    for (const token of text.split(/[\s"'<>`|,;]+/)) {
      if (token.length < MIN_STRING) continue;
      const classified = classify(token);
      if (!classified) continue;
      const key = `${classified.kind} ${classified.value}`;
      if (!seen.has(key)) seen.set(key, classified);
      if (seen.size >= SANDBOX_INDICATORS) return [...seen.values()];
    }
  }
  return [...seen.values()];
}

/** Everything read from the file's bytes alone; the file is never run nor kept. */
export async function analyseBytes(bytes: Uint8Array) {
  const hash = (algorithm: string) => createHash(algorithm).update(bytes).digest('hex');
  const type = (await fileTypeFromBuffer(bytes)) ?? null;
  const strings = printableStrings(bytes);
  return {
    size: bytes.length,
    md5: hash('md5'),
    sha1: hash('sha1'),
    sha256: hash('sha256'),
    type: type ? { ext: type.ext, mime: type.mime } : null,
    entropy: entropy(bytes),
    strings: { count: strings.length, sample: strings.slice(0, SAMPLE) },
    found: indicatorsIn(strings),
  };
}
