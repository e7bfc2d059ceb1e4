import { notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { asReader } from '../../platform/reader.ts';
import { requestedCustomers } from '../../platform/scope.ts';
import { principalOf } from '../../plugins/auth.ts';
import { resolvePeriod } from './period.ts';
import { type StoredSearch, topValues } from './search.ts';
import { findSource, listedSources, sourceMappings } from './sources.ts';

export const listLogSources: Handler<'listLogSources'> = async () => ({ sources: listedSources() });

export const getLogSource: Handler<'getLogSource'> = async (request) => {
  const source = findSource(request.params.id);
  if (!source) throw notFound(`Source ${request.params.id}`);
  return source;
};

export const getLogSourceMappings: Handler<'getLogSourceMappings'> = async (request) => {
  const source = findSource(request.params.id);
  if (!source) throw notFound(`Source ${request.params.id}`);
  return { id: source.id, mappings: sourceMappings(source.id) };
};

/**
 * Exact top values of a field over a source's events, for the caller's customers (or those of
 * them asked for) in a period, the last 15 minutes unless one is given: what a source carries,
 * before any search. Read under the caller's row-level security.
 */
export const getLogSourceTopValues: Handler<'getLogSourceTopValues'> = async (request) => {
  const source = findSource(request.params.id);
  if (!source) throw notFound(`Source ${request.params.id}`);
  const principal = principalOf(request);
  const query = request.query;
  const period = resolvePeriod({
    ...(query.range !== undefined ? { range: query.range } : {}),
    ...(query.from !== undefined ? { from: query.from } : {}),
    ...(query.to !== undefined ? { to: query.to } : {}),
  });
  const search: StoredSearch = {
    mode: 'keyword',
    search_term: '',
    filters: [],
    source: source.id,
    from: period.from?.toISOString() ?? null,
    to: period.to.toISOString(),
    customer_ids: requestedCustomers(principal.scope.customerIds, query.customer_ids),
  };
  const field = request.params.field;
  const top = await asReader(request, (tx) => topValues(tx, search, field, query.count ?? 10));
  return { ...top, source: source.id, period: { from: search.from, to: search.to } };
};
