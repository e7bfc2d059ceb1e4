import { sql } from 'drizzle-orm';
import { cves } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';

/** The parts of an NVD CVE API 2.0 / JSON 2.0 feed record that the CVE table keeps. */
interface NvdCvssData {
  baseScore?: number;
  baseSeverity?: string;
  vectorString?: string;
}
interface NvdMetric {
  type?: string;
  cvssData?: NvdCvssData;
  baseSeverity?: string;
}
interface NvdCve {
  id?: string;
  published?: string;
  lastModified?: string;
  descriptions?: { lang?: string; value?: string }[];
  metrics?: Record<string, NvdMetric[] | undefined>;
}

export interface NvdImportCounts {
  read: number;
  imported: number;
  skipped: number;
}

const CVE_ID = /^CVE-\d{4}-\d{4,}$/;
const BATCH = 500;
/** The newest scoring system first: a CVE scored under several is shown by its newest. */
const METRICS = ['cvssMetricV40', 'cvssMetricV31', 'cvssMetricV30', 'cvssMetricV2'];
const SEVERITIES = new Set(['NONE', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL']);

/** NVD writes UTC times without a zone ("2024-01-09T18:15:46.103"). */
function nvdTime(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

function score(metrics: NvdCve['metrics']) {
  for (const key of METRICS) {
    const list = metrics?.[key];
    if (!list?.length) continue;
    const metric = list.find((m) => m.type === 'Primary') ?? list[0]!;
    const severity = (metric.cvssData?.baseSeverity ?? metric.baseSeverity ?? '').toUpperCase();
    return {
      severity: SEVERITIES.has(severity) ? severity : null,
      cvssScore: typeof metric.cvssData?.baseScore === 'number' ? metric.cvssData.baseScore : null,
      cvssVector: metric.cvssData?.vectorString ?? null,
    };
  }
  return { severity: null, cvssScore: null, cvssVector: null };
}

/** One feed record as a CVE row, or null when it names no valid CVE id. */
export function nvdRecordToRow(cve: NvdCve): typeof cves.$inferInsert | null {
  if (!cve.id || !CVE_ID.test(cve.id)) return null;
  const descriptions: Record<string, string> = {};
  for (const d of cve.descriptions ?? []) if (d.lang && d.value) descriptions[d.lang] = d.value;
  return {
    cveId: cve.id,
    descriptions,
    ...score(cve.metrics),
    publishedAt: nvdTime(cve.published),
    modifiedAt: nvdTime(cve.lastModified),
  };
}

/**
 * Imports an NVD JSON 2.0 document (a yearly feed or an API page: `{ vulnerabilities: [{ cve }] }`)
 * into the CVE table: new ids are added, known ones described anew, a reported id keeps when it
 * was first reported. Runs on the system connection (the table is shared).
 */
export async function importNvdFile(db: Db, document: unknown): Promise<NvdImportCounts> {
  const records = (document as { vulnerabilities?: { cve?: NvdCve }[] } | null)?.vulnerabilities;
  if (!Array.isArray(records))
    throw new Error('not an NVD JSON 2.0 document: it has no "vulnerabilities" list');
  const rows = records.map((record) => nvdRecordToRow(record?.cve ?? {}));
  const valid = rows.filter((row): row is typeof cves.$inferInsert => row !== null);
  for (let start = 0; start < valid.length; start += BATCH) {
    await db
      .insert(cves)
      .values(valid.slice(start, start + BATCH))
      .onConflictDoUpdate({
        target: cves.cveId,
        set: {
          descriptions: sql`excluded.descriptions`,
          severity: sql`excluded.severity`,
          cvssScore: sql`excluded.cvss_score`,
          cvssVector: sql`excluded.cvss_vector`,
          publishedAt: sql`excluded.published_at`,
          modifiedAt: sql`excluded.modified_at`,
        },
      });
  }
  return { read: records.length, imported: valid.length, skipped: records.length - valid.length };
}
