import { rejectNulCharacters } from '../cases/input.ts';
import { loadCase } from '../cases/present.ts';
import { deleteDiscussion, listDiscussions, postDiscussion, updateDiscussion } from '../discussions/index.ts';
import { asCaller, principalOf } from '../plugins/auth.ts';
import type { Handlers } from './types.ts';

/**
 * Comments on a case, through the discussion service alerts use too: the same private-comment
 * rules (read-only staff may not write), and only the author edits or deletes a comment. The case
 * is looked up first, so a case the caller may not see answers 404 'Case with ID {id} not found'
 * whatever the comment.
 */
export const caseDiscussionHandlers: Handlers<
  'listCaseDiscussions' | 'postCaseDiscussion' | 'updateCaseDiscussion' | 'deleteCaseDiscussion'
> = {
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

  async updateCaseDiscussion(request) {
    rejectNulCharacters(request);
    const principal = principalOf(request);
    return asCaller(request, async (tx) => {
      const found = await loadCase(tx, principal, request.params.id);
      return updateDiscussion(tx, principal, 'case', found.id, request.params.comment_id, {
        body: request.body.body,
        private: request.body.private,
      });
    });
  },

  async deleteCaseDiscussion(request, reply) {
    const principal = principalOf(request);
    await asCaller(request, async (tx) => {
      const found = await loadCase(tx, principal, request.params.id);
      await deleteDiscussion(tx, principal, 'case', found.id, request.params.comment_id);
    });
    reply.status(204);
    return undefined;
  },
};
