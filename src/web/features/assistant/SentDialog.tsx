import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { getAssistantSentPayload } from './api.ts';

/** Pretty JSON when the body is JSON: the same content, easier to read. */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** "Show what was sent": each request for one answer, exactly as it left for the model. */
export function SentDialog({
  conversationId,
  messageId,
  onClose,
}: {
  conversationId: string;
  messageId: string;
  onClose(): void;
}) {
  const { t } = useTranslation('assistant');
  const sent = useQuery({
    queryKey: ['assistant-sent', conversationId, messageId],
    queryFn: () => getAssistantSentPayload(conversationId, messageId),
  });
  return (
    <ModalDialog
      title={t('sent.title')}
      onClose={onClose}
      wide
      footer={
        <button type="button" className="button" data-autofocus onClick={onClose}>
          {t('sent.close')}
        </button>
      }
    >
      <p>{t('sent.intro')}</p>
      {sent.isPending && <p>{t('sent.loading')}</p>}
      {sent.isError && <p className="notice notice--danger">{t('failed')}</p>}
      {sent.data?.map((request, index) => (
        <section key={`${request.url}\n${request.body}`} className="assistant-sent">
          <h3>{t('sent.request', { n: index + 1, url: request.url })}</h3>
          {/* Read-only text the keyboard can scroll and select. */}
          <textarea
            className="assistant-sent__body"
            readOnly
            rows={12}
            aria-label={t('sent.request', { n: index + 1, url: request.url })}
            value={pretty(request.body)}
          />
        </section>
      ))}
    </ModalDialog>
  );
}
