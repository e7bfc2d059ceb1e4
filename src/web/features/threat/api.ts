import { api } from '../../../api/client.ts';
import type { components } from '../../../api/schema.d.ts';
import { dataOf } from '../../api/errors.ts';
import { $api } from '../../api/query.ts';

export type ThreatIntel = components['schemas']['ThreatIntel'];
export type BreachLookup = components['schemas']['BreachLookup'];
export type Breach = components['schemas']['Breach'];
export type BreachHistoryEntry = components['schemas']['BreachHistoryEntry'];
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

/** Past breach look-ups of the given customers (all within reach when none), newest first. */
export const listBreachLookups = (customerIds: readonly string[]) =>
  $api.queryOptions(
    'get',
    '/api/threat/hibp',
    { params: { query: customerIds.length > 0 ? { customer_ids: [...customerIds] } : {} } },
    { select: (data): BreachHistoryEntry[] => data.lookups },
  );

export type BulkRow = BulkThreatResult['results'][number];

/** A form with the one file field the upload calls read; the browser sets its boundary. */
function fileForm(file: Blob, name: string): FormData {
  const form = new FormData();
  form.set('file', file, name);
  return form;
}

/**
 * Scores one part of a bulk file, uploaded as a file in a form (multipart/form-data); the screen
 * sends a large file in parts so progress shows.
 */
export async function bulkThreatLookup(text: string, name: string): Promise<BulkThreatResult> {
  const form = fileForm(new Blob([text], { type: 'text/plain' }), name);
  // JSON is asked for (the call may also answer CSV): the body is the result object.
  return dataOf(
    await api.POST('/api/threat/bulk', {
      body: form as never,
      bodySerializer: (body: unknown) => body as FormData,
    }),
  ) as BulkThreatResult;
}

/** Static analysis of a file, uploaded in a form (multipart/form-data). */
export async function analyseSandboxFile(file: Blob, name: string): Promise<SandboxReport> {
  return dataOf(
    await api.POST('/api/threat/sandbox', {
      params: { query: { name } },
      body: fileForm(file, name) as never,
      bodySerializer: (body: unknown) => body as FormData,
    }),
  );
}

export type ThreatSighting = components['schemas']['ThreatSighting'];

/** Sightings of one alert's field values, or of one indicator, newest first. */
export const listThreatSightings = (of: { alertId: number } | { kind: ThreatKind; value: string }) =>
  $api.queryOptions(
    'get',
    '/api/threat/sightings',
    { params: { query: 'alertId' in of ? { alert_id: of.alertId } : { kind: of.kind, value: of.value } } },
    { select: (data): ThreatSighting[] => data.sightings },
  );
