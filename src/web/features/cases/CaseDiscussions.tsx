import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DiscussionThread } from '../../components/discussions/DiscussionThread.tsx';
import type { DiscussionCalls } from '../../components/discussions/types.ts';
import {
  deleteCaseDiscussion,
  listCaseDiscussions,
  postCaseDiscussion,
  updateCaseDiscussion,
} from './api.ts';

export interface CaseDiscussionsProps {
  caseId: number;
  /** The page is on screen; coming back to it reloads the comments. */
  active: boolean;
  /** The caller may write on this case. */
  canPost: boolean;
  /** Provider staff may keep a comment private; customer users never see private ones. */
  staff: boolean;
}

/**
 * The case's discussion: the comment thread alerts have too (add, and edit or delete one's own;
 * Ctrl/Cmd+Enter posts), on the case's discussion endpoints.
 */
export function CaseDiscussions({ caseId, active, canPost, staff }: CaseDiscussionsProps) {
  const { t } = useTranslation('cases');
  const uid = useId();
  const [visit, setVisit] = useState(0);
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) setVisit((v) => v + 1);
    wasActive.current = active;
  }, [active]);
  const calls = useMemo<DiscussionCalls>(
    () => ({
      list: listCaseDiscussions(caseId),
      post: (body, isPrivate) => postCaseDiscussion(caseId, body, isPrivate),
      edit: (commentId, body, isPrivate) => updateCaseDiscussion(caseId, commentId, body, isPrivate),
      remove: (commentId) => deleteCaseDiscussion(caseId, commentId),
    }),
    [caseId],
  );
  return (
    <DiscussionThread
      headingId={`${uid}-case-discussions-title`}
      title={t('discussions.title')}
      calls={calls}
      threadKey={`${caseId}:${visit}`}
      staff={staff}
      canComment={canPost}
    />
  );
}
