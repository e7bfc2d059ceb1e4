import { recordActivity } from '../alerts/activity.ts';
import { loadAlert } from '../alerts/load.ts';
import { requireAlertWriter } from '../alerts/permissions.ts';
import {
  deleteDiscussion,
  listDiscussions,
  postDiscussion,
  updateDiscussion,
} from '../discussions/service.ts';
import { asCaller, principalOf } from '../plugins/auth.ts';
import type { Handlers } from './types.ts';

/** Comments on alerts: the shared discussion service, behind the alert's own visibility check. */
export const alertDiscussionHandlers: Handlers<
  'listAlertDiscussions' | 'postAlertDiscussion' | 'updateAlertDiscussion' | 'deleteAlertDiscussion'
> = {
  async listAlertDiscussions(request) {
    const principal = principalOf(request);
    return asCaller(request, async (tx) => {
      const alert = await loadAlert(tx, principal, request.params.id);
      const page = { batchSize: request.query.batch_size ?? 100, offset: request.query.offset ?? 0 };
      return { discussions: await listDiscussions(tx, principal, 'alert', alert.id, page) };
    });
  },

  async postAlertDiscussion(request, reply) {
    const principal = principalOf(request);
    requireAlertWriter(principal);
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
  },

  async updateAlertDiscussion(request) {
    const principal = principalOf(request);
    requireAlertWriter(principal);
    return asCaller(request, async (tx) => {
      const alert = await loadAlert(tx, principal, request.params.id);
      return updateDiscussion(tx, principal, 'alert', alert.id, request.params.comment_id, request.body);
    });
  },

  async deleteAlertDiscussion(request, reply) {
    const principal = principalOf(request);
    requireAlertWriter(principal);
    await asCaller(request, async (tx) => {
      const alert = await loadAlert(tx, principal, request.params.id);
      await deleteDiscussion(tx, principal, 'alert', alert.id, request.params.comment_id);
    });
    reply.code(204);
    return undefined;
  },
};
