import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../../shell/index.ts';
import type { Message } from './api.ts';
import { FeedbackPopup } from './FeedbackPopup.tsx';
import { SentDialog } from './SentDialog.tsx';

const CITATION = /\[(alert|case|agent):([0-9a-f-]+)\]/gi;

/** Under each answer: copy, thumbs up or down (the feedback popup), and what was sent for it. */
export function ActionBar({
  message,
  conversationId,
  onChange,
}: {
  message: Message;
  conversationId: string;
  onChange(message: Message): void;
}) {
  const { t } = useTranslation('assistant');
  const { notify } = useToasts();
  const [feedback, setFeedback] = useState<'up' | 'down' | null>(null);
  const [sent, setSent] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(
        message.content.replace(CITATION, (_m, kind, id) => `${kind} ${id}`),
      );
      notify({ severity: 'success', title: t('title'), message: t('actions.copied') });
    } catch {
      notify({ severity: 'danger', title: t('title'), message: t('actions.copyFailed') });
    }
  };
  const rated = message.feedback?.rating;
  return (
    <div className="assistant-actions" role="toolbar" aria-label={t('actions.label')}>
      <button type="button" className="button button--small" onClick={copy}>
        {t('actions.copy')}
      </button>
      <button
        type="button"
        className="button button--small"
        aria-pressed={rated === 'up'}
        onClick={() => setFeedback('up')}
      >
        {t('actions.helpful')}
      </button>
      <button
        type="button"
        className="button button--small"
        aria-pressed={rated === 'down'}
        onClick={() => setFeedback('down')}
      >
        {t('actions.notHelpful')}
      </button>
      <button type="button" className="button button--small" onClick={() => setSent(true)}>
        {t('actions.sent')}
      </button>
      {feedback && (
        <FeedbackPopup
          conversationId={conversationId}
          message={message}
          rating={feedback}
          onDone={(updated) => {
            setFeedback(null);
            if (updated) onChange(updated);
          }}
        />
      )}
      {sent && (
        <SentDialog conversationId={conversationId} messageId={message.id} onClose={() => setSent(false)} />
      )}
    </div>
  );
}
