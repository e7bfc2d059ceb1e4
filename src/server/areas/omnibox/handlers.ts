import type { Handler } from '../../platform/handler.ts';
import { requestedCustomers } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { searchOmnibox as search } from './omnibox.ts';

export const searchOmnibox: Handler<'searchOmnibox'> = async (request, reply) => {
  const { scope } = principalOf(request);
  const ids = requestedCustomers(scope.customerIds, request.query.customer_ids);
  const started = performance.now();
  const suggestions = await asCaller(request, (tx) => search(tx, ids, request.query.query));
  // How long the search itself took (the database work), for the browser's timing and the bench.
  reply.header('server-timing', `search;dur=${(performance.now() - started).toFixed(1)}`);
  return { suggestions };
};
