import { inScope } from '../../db/policies.ts';
import { defineArea } from '../area.ts';

/**
 * The comment service alerts and cases share. It has no operations of its own (each owner serves
 * its comments behind its own visibility check), so no handler map.
 */
export {
  countDiscussions,
  type Discussion,
  type DiscussionEntity,
  type DiscussionInput,
  type DiscussionPage,
  deleteDiscussion,
  listDiscussions,
  postDiscussion,
  postDiscussions,
  updateDiscussion,
} from './service.ts';

export const discussionsArea = defineArea({
  name: 'discussions',
  tables: ['discussions'],
  tenantPolicies: {
    discussions: inScope,
  },
});
