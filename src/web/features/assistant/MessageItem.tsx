import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Markdown } from '../../components/Markdown.tsx';
import { ActionBar } from './ActionBar.tsx';
import type { Message } from './api.ts';
import type { ChatMessage } from './use-chat.ts';

const CITATION = /\[(alert|case|agent):([0-9a-f-]+)\]/gi;
const PATHS = { alert: '/alerts/', case: '/cases/', agent: '/agents/' } as const;

/** The answer's text with each citation marker as a plain name; the links follow under it. */
function readable(content: string, name: (kind: 'alert' | 'case' | 'agent', id: string) => string) {
  return content.replace(CITATION, (_m, kind: string, id: string) =>
    name(kind.toLowerCase() as 'alert' | 'case' | 'agent', id),
  );
}

/** One question or answer; an answer shows the ids it cites as links and its action bar. */
export function MessageItem({
  message,
  conversationId,
  onChange,
}: {
  message: ChatMessage;
  conversationId: string | null;
  onChange(message: Message): void;
}) {
  const { t } = useTranslation('assistant');
  const name = (kind: 'alert' | 'case' | 'agent', id: string) => t(`citation.${kind}`, { id });
  const mine = message.role === 'user';
  return (
    <li className={`assistant-message assistant-message--${message.role}`}>
      <span className="assistant-message__who">{mine ? t('you') : t('answer')}</span>
      {mine ? (
        <p className="assistant-message__text">{message.content}</p>
      ) : (
        <div className="assistant-message__text" aria-busy={message.streaming ? true : undefined}>
          <Markdown source={readable(message.content, name)} helpBase={null} headingOffset={3} />
        </div>
      )}
      {message.citations.length > 0 && (
        <nav className="assistant-message__cites" aria-label={t('cites')}>
          <span>{t('cites')}:</span>
          <ul>
            {message.citations.map((c) => (
              <li key={`${c.kind}:${c.id}`}>
                <Link href={`${PATHS[c.kind]}${c.id}`}>{name(c.kind, c.id)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {!mine && !message.streaming && conversationId && (
        <ActionBar message={message} conversationId={conversationId} onChange={onChange} />
      )}
    </li>
  );
}
