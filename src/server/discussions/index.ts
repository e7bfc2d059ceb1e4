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
