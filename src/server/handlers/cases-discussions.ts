import { rejectNulCharacters } from '../cases/input.ts';
import { loadCase } from '../cases/present.ts';
import { listDiscussions, postDiscussion } from '../discussions/index.ts';
import { asCaller, principalOf } from '../plugins/auth.ts';
import type { Handlers } from './types.ts';

/** Comments on a case, through the discussion service alerts use too (same private-comment rules). */
export const caseDiscussionHandlers: Handlers<'listCaseDiscussions' | 'postCaseDiscussion'> = {
  async listCaseDiscussions(request) {
    const principal = principalOf(request);
    const { batch_size: batchSize = 100, offset = 0 } = request.query;
    return asCaller(request, async (tx) => {
      const found = await loadCase(tx, principal, request.params.id);
      return { discussions: await listDiscussions(tx, principal, 'case', found.id, { batchSize, offset }) };
    });
  },

  async postCaseDiscussion(request, reply) {
    rejectNulCharacters(request);
    const principal = principalOf(request);
    const created = await asCaller(request, async (tx) => {
      const found = await loadCase(tx, principal, request.params.id);
      return postDiscussion(tx, principal, 'case', found.id, found.customerId, {
        body: request.body.body,
        private: request.body.private,
      });
    });
    reply.status(201);
    return created;
  },
};
