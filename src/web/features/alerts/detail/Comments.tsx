import { type RefObject, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DiscussionThread } from '../../../components/discussions/DiscussionThread.tsx';
import type { DiscussionCalls } from '../../../components/discussions/types.ts';
import {
  deleteAlertDiscussion,
  listAlertDiscussions,
  postAlertDiscussion,
  updateAlertDiscussion,
} from '../api.ts';

export interface CommentsProps {
  alertId: number;
  /** Staff may write private comments. */
  staff: boolean;
  canComment: boolean;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** A comment changed the alert's activity. */
  onChanged(): void;
}

/** Comments on the alert: the shared discussion thread on the alert's discussion endpoints. */
export function Comments({ alertId, staff, canComment, textareaRef, onChanged }: CommentsProps) {
  const { t } = useTranslation('alerts');
  const calls = useMemo<DiscussionCalls>(
    () => ({
      list: listAlertDiscussions(alertId),
      post: (body, isPrivate) => postAlertDiscussion(alertId, body, isPrivate),
      edit: (commentId, body, isPrivate) => updateAlertDiscussion(alertId, commentId, body, isPrivate),
      remove: (commentId) => deleteAlertDiscussion(alertId, commentId),
    }),
    [alertId],
  );
  return (
    <DiscussionThread
      headingId="alert-comments"
      title={t('comments.title')}
      calls={calls}
      threadKey={alertId}
      staff={staff}
      canComment={canComment}
      textareaRef={textareaRef}
      onChanged={onChanged}
    />
  );
}
