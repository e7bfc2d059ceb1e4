import type { Handler } from '../../../platform/handler.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import {
  deleteDiscussion,
  listDiscussions,
  postDiscussion,
  updateDiscussion,
} from '../../discussions/index.ts';
import { recordActivity } from '../activity.ts';
import { loadAlert } from '../load.ts';

/** Comments on alerts: the shared discussion service, behind the alert's own visibility check. */
export const listAlertDiscussions: Handler<'listAlertDiscussions'> = async (request) => {
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const alert = await loadAlert(tx, principal, request.params.id);
    const page = { batchSize: request.query.batch_size ?? 100, offset: request.query.offset ?? 0 };
    return { discussions: await listDiscussions(tx, principal, 'alert', alert.id, page) };
  });
};

export const postAlertDiscussion: Handler<'postAlertDiscussion'> = async (request, reply) => {
  const principal = principalOf(request);
  const discussion = await asCaller(request, async (tx) => {
    const alert = await loadAlert(tx, principal, request.params.id);
    const posted = await postDiscussion(tx, principal, 'alert', alert.id, alert.customerId, request.body);
    await recordActivity(tx, principal, [
      {
        alertId: alert.id,
        customerId: alert.customerId,
        action: 'commented',
        after: { discussion_id: posted.id, private: posted.private },
        comment: posted.body,
      },
    ]);
    return posted;
  });
  reply.code(201);
  return discussion;
};

export const updateAlertDiscussion: Handler<'updateAlertDiscussion'> = async (request) => {
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const alert = await loadAlert(tx, principal, request.params.id);
    return updateDiscussion(tx, principal, 'alert', alert.id, request.params.comment_id, request.body);
  });
};

export const deleteAlertDiscussion: Handler<'deleteAlertDiscussion'> = async (request, reply) => {
  const principal = principalOf(request);
  await asCaller(request, async (tx) => {
    const alert = await loadAlert(tx, principal, request.params.id);
    await deleteDiscussion(tx, principal, 'alert', alert.id, request.params.comment_id);
  });
  reply.code(204);
  return undefined;
};
