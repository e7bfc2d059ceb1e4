import { type RefObject, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner.tsx';
import { useToasts } from '../../../shell/index.ts';
import { deleteDiscussion, editDiscussion, listDiscussions, postDiscussion } from '../api.ts';
import { CommentForm } from './CommentForm.tsx';
import { CommentItem } from './CommentItem.tsx';
import { PageButtons } from './PageButtons.tsx';
import { usePaged } from './use-paged.ts';

const PAGE = 20;

export interface CommentsProps {
  alertId: number;
  /** Staff may write private comments. */
  staff: boolean;
  canComment: boolean;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** A comment changed the alert's activity. */
  onChanged(): void;
}

/** Comments on the alert, oldest first, a page at a time; add, edit and delete one's own. */
export function Comments({ alertId, staff, canComment, textareaRef, onChanged }: CommentsProps) {
  const { t } = useTranslation('alerts');
  const { t: tc } = useTranslation();
  const { notify } = useToasts();
  const fetchPage = useCallback(
    (offset: number, size: number) => listDiscussions(alertId, offset, size),
    [alertId],
  );
  const paged = usePaged(fetchPage, PAGE, alertId);
  const guard = async (work: () => Promise<unknown>) => {
    try {
      await work();
      paged.reload();
      onChanged();
    } catch (error) {
      notify({
        severity: 'danger',
        title: t('comments.failed'),
        message: `${tc('tryAgainLater')} ${(error as Error).message}`,
      });
      throw error;
    }
  };
  return (
    <section className="card alert-detail__section" aria-labelledby="alert-comments">
      <h2 id="alert-comments">{t('comments.title')}</h2>
      {paged.status === 'loading' && <Spinner />}
      {paged.status === 'error' && <p className="notice notice--danger">{t('detail.sectionFailed')}</p>}
      {paged.status === 'ready' && paged.items.length === 0 && <p className="muted">{t('comments.none')}</p>}
      <ul className="alert-comments">
        {paged.items.map((comment) => (
          <CommentItem
            key={comment.id}
            comment={comment}
            canPrivate={staff}
            onEdit={(body, isPrivate) => guard(() => editDiscussion(alertId, comment.id, body, isPrivate))}
            onDelete={() => guard(() => deleteDiscussion(alertId, comment.id))}
          />
        ))}
      </ul>
      <PageButtons paged={paged} label={t('comments.pages')} />
      {canComment && (
        <CommentForm
          id="comment-body"
          canPrivate={staff}
          textareaRef={textareaRef}
          submitLabel={t('comments.add')}
          onSubmit={(body, isPrivate) => guard(() => postDiscussion(alertId, body, isPrivate))}
        />
      )}
    </section>
  );
}
