import { and, count, desc, eq, gt, inArray, isNull, max, or } from 'drizzle-orm';
import { BULK_FILE_MAX_BYTES } from '../../../api/limits.ts';
import { isDomain, isFileHash, isIp } from '../../../common/patterns.ts';
import type { Principal } from '../../auth/principal.ts';
import { customerIndicators, threatSightings } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { badRequest } from '../../errors.ts';
import type { Handler, RequestOf } from '../../platform/handler.ts';
import { rejectNulCharacters } from '../../platform/input.ts';
import { readUploadedFile } from '../../platform/upload.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { bulkLookup, bulkResultCsv } from './bulk.ts';
import { type IndicatorKind, kindOf, normaliseIndicator } from './feeds/entry.ts';
import { enqueueBreachLookup } from './hibp/job.ts';
import { refang } from './refang.ts';
import { type StoreVerdict, storeVerdict } from './verdict.ts';

const VALID = { ip: isIp, domain: isDomain, file: isFileHash } as const;

/**
 * Whose sighting a look-up is: a customer user's belongs to their (first) customer, so their
 * colleagues and the provider's staff see it; a staff look-up belongs to no customer.
 */
const sightingCustomer = (principal: Principal) =>
  principal.scope.global ? null : (principal.scope.customerIds[0] ?? null);

/** Records a sighting and answers how often, and when last, the caller's reach has seen this value. */
async function recordSighting(tx: Db, principal: Principal, kind: IndicatorKind, value: string) {
  await tx.insert(threatSightings).values({
    partnerId: principal.scope.partnerId,
    customerId: sightingCustomer(principal),
    userId: principal.scope.userId,
    kind,
    value,
    context: 'lookup',
  });
  const [seen] = await tx
    .select({ count: count(), last: max(threatSightings.seenAt) })
    .from(threatSightings)
    .where(and(eq(threatSightings.kind, kind), eq(threatSightings.value, value)));
  return { count: seen?.count ?? 0, last_seen: seen?.last?.toISOString() ?? null };
}

/**
 * A customer user is told their own customer's verdict when it has one (the riskiest, should they
 * belong to several); staff are told the shared store's and see customers' entries in the list.
 */
async function withOwnVerdict(
  tx: Db,
  customerIds: readonly string[],
  shared: StoreVerdict,
): Promise<StoreVerdict> {
  if (customerIds.length === 0) return shared;
  const [own] = await tx
    .select()
    .from(customerIndicators)
    .where(
      and(
        inArray(customerIndicators.customerId, [...customerIds]),
        eq(customerIndicators.kind, shared.kind),
        eq(customerIndicators.value, shared.value),
        or(isNull(customerIndicators.expiresAt), gt(customerIndicators.expiresAt, new Date())),
      ),
    )
    .orderBy(desc(customerIndicators.risk))
    .limit(1);
  if (!own) return shared;
  return {
    ...shared,
    det: own.det === 'B' || own.det === 'G' ? own.det : 'U',
    risk: own.risk,
    threat_categories: own.threatCategories,
    malware_group: own.malwareGroup,
    source: 'customer',
    expires_at: own.expiresAt?.toISOString() ?? null,
  };
}

export const lookupThreat: Handler<'lookupThreat'> = async (request) => {
  const { kind } = request.params;
  const value = kind === 'ip' ? request.params.value : request.params.value.toLowerCase();
  if (!VALID[kind](value))
    throw badRequest('value', `is not a valid ${kind === 'file' ? 'file hash' : kind}`);
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const shared = await storeVerdict(tx, kind, value);
    const verdict = principal.scope.global
      ? shared
      : await withOwnVerdict(tx, principal.scope.customerIds, shared);
    return { ...verdict, sightings: await recordSighting(tx, principal, kind, value) };
  });
};

/**
 * A workflow step's look-up of a value of any kind (defanged or not) for one customer: the
 * store's verdict with that customer's own over it. Null when it is no IP, domain or file hash.
 */
export async function customerVerdict(tx: Db, raw: string, customerId: string): Promise<StoreVerdict | null> {
  const plain = refang(raw);
  const kind = kindOf(plain);
  const value = kind && normaliseIndicator(kind, plain);
  if (!kind || !value) return null;
  return withOwnVerdict(tx, [customerId], await storeVerdict(tx, kind, value));
}

/** The file of a bulk look-up: uploaded in a form (multipart/form-data), as it is (text/plain), or JSON {text}. */
async function bulkText(request: RequestOf<'bulkThreatLookup'>): Promise<string> {
  if (request.isMultipart()) {
    const { bytes } = await readUploadedFile(request, 'file', BULK_FILE_MAX_BYTES);
    const text = bytes.toString('utf8');
    if (text.includes('\u0000'))
      throw badRequest('file', 'must not contain the NUL character: send a plain-text file');
    return text;
  }
  rejectNulCharacters(request);
  const body = request.body as string | { text: string } | undefined;
  if (body === undefined) throw badRequest('file', 'is required: send a file, plain text or JSON {text}');
  return typeof body === 'string' ? body : body.text;
}

export const bulkThreatLookup: Handler<'bulkThreatLookup'> = async (request, reply) => {
  const principal = principalOf(request);
  const text = await bulkText(request);
  if (!text.trim()) throw badRequest('text', 'is empty: the file has no lines');
  const { started, ...result } = await asCaller(request, (tx) =>
    bulkLookup(tx, principal, text, Boolean(request.server.config.hibp.key)),
  );
  for (const id of started) await enqueueBreachLookup(request.server.db, id);
  if (request.query.format !== 'csv') return result;
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="threat-lookup.csv"');
  // The CSV is the same result written by the shared writer; the contract's text/csv answer.
  return bulkResultCsv(result) as unknown as typeof result;
};
