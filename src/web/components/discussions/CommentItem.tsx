import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { Icon } from '../Icon.tsx';
import { Timestamp } from '../Timestamp.tsx';
import { CommentForm } from './CommentForm.tsx';
import type { Discussion } from './types.ts';

export interface CommentItemProps {
  comment: Discussion;
  canPrivate: boolean;
  onEdit(body: string, isPrivate: boolean): Promise<void>;
  onDelete(): Promise<void>;
}

/**
 * One comment as text (never markup); its author may edit it in place or delete it after
 * confirming. Leaving the edit box puts the focus back on the Edit button.
 */
export function CommentItem({ comment, canPrivate, onEdit, onDelete }: CommentItemProps) {
  const { t } = useTranslation('discussions');
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const author = comment.user?.name || comment.user?.email || t('unknownUser');
  const stopEditing = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  // The Edit button is drawn again once the edit box is gone: the focus goes back to it.
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  return (
    <li className={`comment${comment.private ? ' comment--private' : ''}`} data-comment-id={comment.id}>
      <div className="comment__head">
        <strong>{author}</strong>
        <Timestamp iso={comment.created_at} />
        {comment.updated_at !== comment.created_at && <span className="muted">{t('edited')}</span>}
        {comment.private && (
          <span className="badge badge--warning">
            <Icon name="lock" size={12} /> {t('privateBadge')}
          </span>
        )}
        {comment.editable && !editing && (
          <span className="comment__tools">
            <button
              ref={editButton}
              type="button"
              className="button button--small button--ghost"
              aria-label={t('editLabel', { author })}
              onClick={() => setEditing(true)}
            >
              {t('edit')}
            </button>
            <button
              type="button"
              className="button button--small button--ghost"
              aria-label={t('deleteLabel', { author })}
              onClick={() => setConfirming(true)}
            >
              {t('delete')}
            </button>
          </span>
        )}
      </div>
      {editing ? (
        <CommentForm
          id={`comment-edit-${comment.id}`}
          canPrivate={canPrivate}
          initialBody={comment.body}
          initialPrivate={comment.private}
          submitLabel={t('saveEdit')}
          onSubmit={async (body, isPrivate) => {
            await onEdit(body, isPrivate);
            stopEditing();
          }}
          onCancel={stopEditing}
        />
      ) : (
        <p className="comment__body">{comment.body}</p>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('deleteTitle')}
          confirmLabel={t('delete')}
          danger
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            setBusy(true);
            try {
              await onDelete();
            } catch {
              // Announced by the thread; the comment stays.
            } finally {
              setBusy(false);
              setConfirming(false);
            }
          }}
        >
          <p>{t('deleteQuestion')}</p>
        </ConfirmDialog>
      )}
    </li>
  );
}
