import { bulkCsv } from '../../../common/threat-bulk.ts';
import type { BulkRow, BulkThreatResult } from './api.ts';

/** Lines a part of a bulk file carries: parts keep each request small and show progress. */
export const BULK_PART_LINES = 500;

/** A file's lines in parts, each with the number of its first line. */
export function partsOf(text: string, size = BULK_PART_LINES): { first: number; text: string }[] {
  const lines = text.split(/\r?\n/);
  const parts: { first: number; text: string }[] = [];
  for (let i = 0; i < lines.length; i += size) {
    const part = lines.slice(i, i + size);
    // A part of blank lines and comments has nothing to look up.
    if (part.some((l) => l.trim() && !l.trim().startsWith('#')))
      parts.push({ first: i, text: part.join('\n') });
  }
  return parts;
}

/** The results of all parts as one: lines numbered in the whole file, the first naming wins. */
export class BulkResults {
  readonly rows: BulkRow[] = [];
  counts = { indicators: 0, unrecognised: 0, duplicates: 0 };
  private readonly seen = new Set<string>();

  add(first: number, result: BulkThreatResult): void {
    this.counts.unrecognised += result.counts.unrecognised;
    this.counts.duplicates += result.counts.duplicates;
    for (const row of result.results) {
      const key = `${row.kind} ${row.value}`;
      if (this.seen.has(key)) {
        this.counts.duplicates++;
        continue;
      }
      this.seen.add(key);
      this.rows.push({ ...row, line: row.line + first });
    }
    this.counts.indicators = this.rows.length;
  }
}

export { bulkCsv };
