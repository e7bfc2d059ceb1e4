import { api } from '../../../api/client.ts';
import type { components } from '../../../api/schema.d.ts';
import { dataOf } from '../../api/errors.ts';

export type ThreatIntel = components['schemas']['ThreatIntel'];
export type BreachLookup = components['schemas']['BreachLookup'];
export type BulkThreatResult = components['schemas']['BulkThreatResult'];
export type SandboxReport = components['schemas']['SandboxReport'];

export type ThreatKind = ThreatIntel['kind'];

/** The store's verdict on an IP, domain or file hash (the omnibox card uses the same call). */
export async function lookupThreat(kind: ThreatKind, value: string): Promise<ThreatIntel> {
  return dataOf(await api.GET('/api/threat/{kind}/{value}', { params: { path: { kind, value } } }));
}

/** The account's breach look-up; starts one when there is none, `again` restarts a failed one. */
export async function getBreachLookup(account: string, again = false): Promise<BreachLookup> {
  return dataOf(
    await api.GET('/api/threat/hibp/{account}', {
      params: { path: { account }, query: again ? { again: true } : {} },
    }),
  );
}

export type BulkRow = BulkThreatResult['results'][number];

/** Scores one part of a bulk file (JSON {text}); the screen sends a large file in parts. */
export async function bulkLookup(text: string): Promise<BulkThreatResult> {
  // JSON is asked for (the call may also answer CSV): the body is the result object.
  return dataOf(await api.POST('/api/threat/bulk', { body: { text } })) as BulkThreatResult;
}

/** Static analysis of a file: its bytes go as they are (application/octet-stream). */
export async function analyseFile(file: Blob, name: string): Promise<SandboxReport> {
  return dataOf(
    await api.POST('/api/threat/sandbox', {
      params: { query: { name } },
      body: file as never,
      bodySerializer: (body: unknown) => body as Blob,
      headers: { 'content-type': 'application/octet-stream' },
    }),
  );
}
