import { eq, sql } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import { monitoredDomains } from '../../db/schema/index.ts';
import { ApiError, notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { rejectNulCharacters } from '../../platform/input.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { normaliseFuzzLists, presentFuzzLists } from './fuzz-lists.ts';

/** GET /tacklebox/v1/domains/{id}/fuzz-lists: the lists the next scan of the domain uses. */
export const getDomainFuzzLists: Handler<'getDomainFuzzLists'> = async (request) => {
  const principal = principalOf(request);
  const { id } = request.params;
  const row = await asCaller(request, async (tx) => {
    const [found] = await tx
      .select({
        customerId: monitoredDomains.customerId,
        fuzzWords: monitoredDomains.fuzzWords,
        fuzzTlds: monitoredDomains.fuzzTlds,
      })
      .from(monitoredDomains)
      .where(eq(monitoredDomains.uid, id));
    return found;
  });
  if (!row || !principal.scope.customerIds.includes(row.customerId)) throw notFound(`Domain ${id}`);
  return presentFuzzLists(row);
};

/** PUT /tacklebox/v1/domains/{id}/fuzz-lists: the domain's own words and suffixes (null: the defaults). */
export const updateDomainFuzzLists: Handler<'updateDomainFuzzLists'> = async (request) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const { id } = request.params;
  return asCaller(request, async (tx) => {
    const [current] = await tx
      .select()
      .from(monitoredDomains)
      .where(eq(monitoredDomains.uid, id))
      .for('update');
    if (!current || !principal.scope.customerIds.includes(current.customerId)) throw notFound(`Domain ${id}`);
    const { lists, issues } = normaliseFuzzLists(request.body);
    if (issues.length > 0) throw new ApiError(400, 'bad_request', issues[0]!.reason, issues);
    const before = { words: current.fuzzWords, tlds: current.fuzzTlds };
    if (JSON.stringify(before) !== JSON.stringify(lists)) {
      await tx
        .update(monitoredDomains)
        .set({ fuzzWords: lists.words, fuzzTlds: lists.tlds, updatedAt: sql`now()` })
        .where(eq(monitoredDomains.uid, id));
      await audit(tx, principal, {
        action: 'update',
        entity: 'monitored_domain',
        entityId: id,
        customerId: current.customerId,
        before,
        after: lists,
      });
    }
    return presentFuzzLists({ fuzzWords: lists.words, fuzzTlds: lists.tlds });
  });
};
