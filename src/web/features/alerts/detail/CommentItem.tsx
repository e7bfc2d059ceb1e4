import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon.tsx';
import { Timestamp } from '../../../components/Timestamp.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import type { Discussion } from '../types.ts';
import { CommentForm } from './CommentForm.tsx';

export interface CommentItemProps {
  comment: Discussion;
  canPrivate: boolean;
  onEdit(body: string, isPrivate: boolean): Promise<void>;
  onDelete(): Promise<void>;
}

/** One comment as text; its author may edit it or delete it (after confirming). */
export function CommentItem({ comment, canPrivate, onEdit, onDelete }: CommentItemProps) {
  const { t } = useTranslation('alerts');
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <li className={`alert-comment${comment.private ? ' alert-comment--private' : ''}`}>
      <div className="alert-comment__head">
        <strong>{comment.user?.name ?? t('comments.unknownUser')}</strong>
        <Timestamp iso={comment.created_at} />
        {comment.updated_at !== comment.created_at && <span className="muted">{t('comments.edited')}</span>}
        {comment.private && (
          <span className="badge badge--warning">
            <Icon name="lock" size={12} /> {t('comments.privateBadge')}
          </span>
        )}
        {comment.editable && !editing && (
          <span className="alert-comment__tools">
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => setEditing(true)}
            >
              {t('comments.edit')}
            </button>
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => setConfirming(true)}
            >
              {t('comments.delete')}
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
          submitLabel={t('comments.saveEdit')}
          onSubmit={async (body, isPrivate) => {
            await onEdit(body, isPrivate);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <p className="alert-comment__body">{comment.body}</p>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('comments.deleteTitle')}
          confirmLabel={t('comments.delete')}
          danger
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            setBusy(true);
            try {
              await onDelete();
            } catch {
              // Announced by the list; the comment stays.
            } finally {
              setBusy(false);
              setConfirming(false);
            }
          }}
        >
          <p>{t('comments.deleteQuestion')}</p>
        </ConfirmDialog>
      )}
    </li>
  );
}
