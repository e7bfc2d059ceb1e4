import { inArray } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import { cves } from '../../db/schema/index.ts';
import { acceptLanguageTags } from '../../idp/i18n.ts';
import type { Handler } from '../../platform/handler.ts';
import { asCaller } from '../../plugins/auth.ts';

type Cve = components['schemas']['Cve'];
type Severity = Cve['severity'];

/** The description in the first accepted language the CVE has (de-DE matches de), else English, else any. */
export function pickDescription(
  descriptions: Record<string, string>,
  acceptLanguage: string | undefined,
): { text: string; language: string } | null {
  const languages = Object.keys(descriptions);
  if (languages.length === 0) return null;
  const wanted = [...acceptLanguageTags(acceptLanguage ?? ''), 'en'];
  for (const tag of wanted) {
    const lower = tag.toLowerCase();
    const found =
      languages.find((l) => l.toLowerCase() === lower) ??
      languages.find((l) => l.toLowerCase() === lower.split('-')[0]);
    if (found) return { text: descriptions[found]!, language: found };
  }
  const first = languages[0]!;
  return { text: descriptions[first]!, language: first };
}

export const getCves: Handler<'getCves'> = async (request) => {
  const ids = [...new Set(request.query.ids.map((id) => id.toUpperCase()))];
  const rows = await asCaller(request, (tx) => tx.select().from(cves).where(inArray(cves.cveId, ids)));
  const byId = new Map(rows.map((row) => [row.cveId, row]));
  const language = request.headers['accept-language'];
  const found: Cve[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) continue;
    const description = pickDescription(row.descriptions, language);
    found.push({
      cve_id: row.cveId,
      description: description?.text ?? null,
      language: description?.language ?? null,
      severity: (row.severity as Severity) ?? null,
      cvss_score: row.cvssScore,
      cvss_vector: row.cvssVector,
      published_at: row.publishedAt?.toISOString() ?? null,
      modified_at: row.modifiedAt?.toISOString() ?? null,
    });
  }
  return { cves: found, unknown: ids.filter((id) => !byId.has(id)) };
};
