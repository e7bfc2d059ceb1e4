import { SANDBOX_MAX_BYTES } from '../../../api/limits.ts';
import { badRequest } from '../../errors.ts';
import type { Handler, RequestOf, ResultOf } from '../../platform/handler.ts';
import { readUploadedFile, type UploadedFile } from '../../platform/upload.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { ownIndicatorCustomers, verdicts } from './bulk.ts';
import { analyseBytes } from './sandbox-analysis.ts';
import { recordSightings } from './sightings.ts';

type Indicator = ResultOf<'analyseSandboxFile'>['indicators'][number];

/** The file: a form's one field `file` (multipart/form-data), or the bytes as they are (application/octet-stream). */
async function uploadedBytes(request: RequestOf<'analyseSandboxFile'>): Promise<UploadedFile> {
  if (request.isMultipart()) return readUploadedFile(request, 'file', SANDBOX_MAX_BYTES);
  const body = request.body as unknown;
  if (!Buffer.isBuffer(body) || body.length === 0)
    throw badRequest('file', 'is empty: send the file as multipart/form-data or application/octet-stream');
  return { name: null, bytes: body };
}

/**
 * POST /threat/sandbox: static analysis of the uploaded bytes (never executed, never stored);
 * the file's hashes and every indicator in its strings are matched against the store and
 * recorded as sightings.
 */
export const analyseSandboxFile: Handler<'analyseSandboxFile'> = async (request) => {
  const { bytes: body, name } = await uploadedBytes(request);
  const report = await analyseBytes(body);
  const principal = principalOf(request);
  const hashes = (['sha256', 'sha1', 'md5'] as const).map((h) => ({
    kind: 'file' as const,
    value: report[h],
  }));
  const lookups = [...hashes, ...report.found.flatMap((f) => (f.lookup ? [f.lookup] : []))];
  const unique = [...new Map(lookups.map((l) => [`${l.kind} ${l.value}`, l])).values()];
  const found = await asCaller(request, async (tx) => {
    const verdictsFound = await verdicts(tx, ownIndicatorCustomers(principal), unique);
    await recordSightings(tx, principal, unique, 'sandbox');
    return verdictsFound;
  });
  const scored = (kind: Indicator['kind'], value: string, lookup: { kind: string; value: string } | null) => {
    const v = lookup ? found.get(`${lookup.kind} ${lookup.value}`) : undefined;
    return {
      kind,
      value,
      scored: lookup?.value ?? null,
      det: v?.det ?? 'U',
      risk: v?.risk ?? 0,
      threat_categories: v?.threat_categories ?? [],
      malware_group: v?.malware_group ?? null,
      source: v?.source ?? null,
    } satisfies Indicator;
  };
  const fileVerdicts = hashes.map((h) => scored('file', h.value, h));
  const verdict = fileVerdicts.find((v) => v.source !== null) ?? fileVerdicts[0]!;
  const indicators = report.found
    .map((f) => scored(f.kind, f.value, f.lookup))
    .sort((a, b) => b.risk - a.risk);
  return {
    name: request.query.name ?? name,
    size: report.size,
    md5: report.md5,
    sha1: report.sha1,
    sha256: report.sha256,
    type: report.type,
    entropy: report.entropy,
    strings: report.strings,
    verdict,
    indicators,
  };
};
