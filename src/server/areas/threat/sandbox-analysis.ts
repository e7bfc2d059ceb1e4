import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { type Classified, classify } from './refang.ts';

/** Shortest printable run kept as a string (as `strings -n 6`). */
const MIN_STRING = 6;
const SAMPLE = 200;
/** Characters of each sampled string the report shows. */
const SAMPLE_CHARS = 1024;
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

/**
 * Printable runs of MIN_STRING or more: ASCII, and UTF-16LE (Windows binaries keep text so).
 * One pass per alignment over the bytes, each run decoded whole from where it starts and ends,
 * so a file that is one long line costs no more than one of many short ones.
 */
export function printableStrings(bytes: Uint8Array): string[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: string[] = [];
  let start = 0;
  for (let i = 0; i <= buffer.length; i++) {
    if (i < buffer.length && printable(buffer[i]!)) continue;
    if (i - start >= MIN_STRING) found.push(buffer.toString('latin1', start, i));
    start = i + 1;
  }
  // UTF-16 text may start at an odd offset: both alignments are read.
  for (const alignment of [0, 1]) {
    let from = alignment;
    let i = alignment;
    for (; i + 1 < buffer.length; i += 2) {
      if (printable(buffer[i]!) && buffer[i + 1] === 0) continue;
      if ((i - from) / 2 >= MIN_STRING) found.push(buffer.toString('utf16le', from, i));
      from = i + 2;
    }
    if ((i - from) / 2 >= MIN_STRING) found.push(buffer.toString('utf16le', from, i));
  }
  return found;
}

/** Longest word read as a possible indicator: longer runs are data, not an address or a hash. */
const MAX_TOKEN = 2048;

/** The indicators named in the strings, by the shared patterns (refanged, deduplicated). */
export function indicatorsIn(strings: readonly string[]): Classified[] {
  const seen = new Map<string, Classified>();
  for (const text of strings) {
    for (const token of text.split(/[\s"'<>`|,;]+/)) {
      if (token.length < MIN_STRING || token.length > MAX_TOKEN) continue;
      const classified = classify(token);
      if (!classified) continue;
      const key = `${classified.kind} ${classified.value}`;
      if (!seen.has(key)) seen.set(key, classified);
      if (seen.size >= SANDBOX_INDICATORS) return [...seen.values()];
    }
  }
  return [...seen.values()];
}

/** A sampled string as the report shows it: long runs cut, so one long line cannot fill the answer. */
const sampled = (text: string) => (text.length > SAMPLE_CHARS ? `${text.slice(0, SAMPLE_CHARS)}…` : text);

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
    strings: { count: strings.length, sample: strings.slice(0, SAMPLE).map(sampled) },
    found: indicatorsIn(strings),
  };
}
