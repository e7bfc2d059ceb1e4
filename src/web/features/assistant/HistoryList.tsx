import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Timestamp } from '../../components/Timestamp.tsx';
import { useToasts } from '../../shell/index.ts';
import {
  type Conversation,
  deleteAssistantConversation,
  listAssistantConversations,
  renameAssistantConversation,
} from './api.ts';

/** The chat history list (spec 2, section 9): select, rename and delete conversations. */
export function HistoryList({
  currentId,
  onSelect,
  onDeleted,
  onChanged,
}: {
  currentId: string | null;
  onSelect(id: string): void;
  onDeleted(id: string): void;
  onChanged(): void;
}) {
  const { t } = useTranslation('assistant');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const conversations = useQuery(listAssistantConversations());
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  const [deleting, setDeleting] = useState<Conversation | null>(null);
  const titleOf = (c: Conversation) => c.title || t('untitled');
  const failed = () => notify({ severity: 'danger', title: t('failed'), message: common('tryAgainLater') });

  const rename = async () => {
    if (!renaming?.title.trim()) return;
    try {
      await renameAssistantConversation(renaming.id, renaming.title.trim());
      setRenaming(null);
      onChanged();
    } catch {
      failed();
    }
  };
  const remove = async (conversation: Conversation) => {
    try {
      await deleteAssistantConversation(conversation.id);
      setDeleting(null);
      onDeleted(conversation.id);
      onChanged();
    } catch {
      failed();
    }
  };

  if (conversations.isPending) return <p className="assistant-history__empty">{t('sent.loading')}</p>;
  if (conversations.isError) return <p className="notice notice--danger">{t('failed')}</p>;
  if (conversations.data.length === 0)
    return <p className="assistant-history__empty">{t('historyList.empty')}</p>;
  return (
    <>
      <ul className="assistant-history" aria-label={t('history')}>
        {conversations.data.map((c) => (
          <li key={c.id} className="assistant-history__item" aria-current={c.id === currentId || undefined}>
            {renaming?.id === c.id ? (
              <form
                className="assistant-history__rename"
                onSubmit={(event) => {
                  event.preventDefault();
                  void rename();
                }}
              >
                <input
                  className="input"
                  aria-label={t('historyList.renameLabel', { title: titleOf(c) })}
                  value={renaming.title}
                  maxLength={200}
                  autoFocus
                  onChange={(event) => setRenaming({ id: c.id, title: event.target.value })}
                  onKeyDown={(event) => {
                    if (event.key === 'Escape') {
                      event.preventDefault();
                      event.stopPropagation();
                      setRenaming(null);
                    }
                  }}
                />
                <button type="submit" className="button button--small button--primary">
                  {t('historyList.save')}
                </button>
                <button type="button" className="button button--small" onClick={() => setRenaming(null)}>
                  {t('historyList.cancel')}
                </button>
              </form>
            ) : (
              <>
                <button type="button" className="assistant-history__open" onClick={() => onSelect(c.id)}>
                  <span className="assistant-history__title">{titleOf(c)}</span>
                  <span className="assistant-history__when">
                    <Timestamp iso={c.last_active_at} />
                    {c.ended_at ? ` · ${t('historyList.ended')}` : ''}
                  </span>
                </button>
                <button
                  type="button"
                  className="button button--small"
                  aria-label={`${t('historyList.rename')}: ${titleOf(c)}`}
                  onClick={() => setRenaming({ id: c.id, title: c.title })}
                >
                  {t('historyList.rename')}
                </button>
                <button
                  type="button"
                  className="button button--small"
                  aria-label={`${t('historyList.delete')}: ${titleOf(c)}`}
                  onClick={() => setDeleting(c)}
                >
                  {t('historyList.delete')}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {deleting && (
        <ConfirmDialog
          title={t('historyList.delete')}
          confirmLabel={t('historyList.delete')}
          danger
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>{t('historyList.confirmDelete', { title: titleOf(deleting) })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
