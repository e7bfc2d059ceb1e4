import { asCaller, principalOf } from '../plugins/auth.ts';
import { searchOmnibox } from '../search/omnibox.ts';
import { requestedCustomers } from './present.ts';
import type { Handlers } from './types.ts';

export const searchHandlers: Handlers<'searchOmnibox'> = {
  async searchOmnibox(request, reply) {
    const { scope } = principalOf(request);
    const ids = requestedCustomers(scope.customerIds, request.query.customer_ids);
    const started = performance.now();
    const suggestions = await asCaller(request, (tx) => searchOmnibox(tx, ids, request.query.query));
    // How long the search itself took (the database work), for the browser's timing and the bench.
    reply.header('server-timing', `search;dur=${(performance.now() - started).toFixed(1)}`);
    return { suggestions };
  },
};
