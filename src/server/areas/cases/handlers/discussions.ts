import type { Handler } from '../../../platform/handler.ts';
import { rejectNulCharacters } from '../../../platform/input.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import {
  deleteDiscussion,
  listDiscussions,
  postDiscussion,
  updateDiscussion,
} from '../../discussions/index.ts';
import { loadCase } from '../present.ts';

/**
 * Comments on a case, through the discussion service alerts use too: the same private-comment
 * rules (read-only staff may not write), and only the author edits or deletes a comment. The case
 * is looked up first, so a case the caller may not see answers 404 'Case with ID {id} not found'
 * whatever the comment.
 */
export const listCaseDiscussions: Handler<'listCaseDiscussions'> = async (request) => {
  const principal = principalOf(request);
  const { batch_size: batchSize = 100, offset = 0 } = request.query;
  return asCaller(request, async (tx) => {
    const found = await loadCase(tx, principal, request.params.id);
    return { discussions: await listDiscussions(tx, principal, 'case', found.id, { batchSize, offset }) };
  });
};

export const postCaseDiscussion: Handler<'postCaseDiscussion'> = async (request, reply) => {
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
};

export const updateCaseDiscussion: Handler<'updateCaseDiscussion'> = async (request) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const found = await loadCase(tx, principal, request.params.id);
    return updateDiscussion(tx, principal, 'case', found.id, request.params.comment_id, {
      body: request.body.body,
      private: request.body.private,
    });
  });
};

export const deleteCaseDiscussion: Handler<'deleteCaseDiscussion'> = async (request, reply) => {
  const principal = principalOf(request);
  await asCaller(request, async (tx) => {
    const found = await loadCase(tx, principal, request.params.id);
    await deleteDiscussion(tx, principal, 'case', found.id, request.params.comment_id);
  });
  reply.status(204);
  return undefined;
};
