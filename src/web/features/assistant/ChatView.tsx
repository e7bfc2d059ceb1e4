import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import type { Message } from './api.ts';
import { DefaultPrompts } from './Landing.tsx';
import { MessageItem } from './MessageItem.tsx';
import type { ChatState } from './use-chat.ts';

/** The chat container: messages, the loading indicator, the idle warning and the question box. */
export function ChatView({
  state,
  ended,
  warning,
  onAlert,
  inputRef,
  onAsk,
  onTyping,
  onStay,
  onChange,
}: {
  state: ChatState;
  ended: boolean;
  warning: number | null;
  onAlert: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  onAsk(prompt: string): void;
  onTyping(): void;
  onStay(): void;
  onChange(message: Message): void;
}) {
  const { t } = useTranslation('assistant');
  const [text, setText] = useState('');
  const id = useId();
  const end = useRef<HTMLDivElement>(null);
  const last = state.messages.at(-1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new piece of the answer scrolls it into view
  useEffect(() => {
    // A block, not an expression: newer browsers answer scrollIntoView with a promise, which an
    // effect must not return.
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [state.messages.length, last?.content]);
  const ask = () => {
    if (!text.trim() || state.busy || ended) return;
    onAsk(text);
    setText('');
  };
  return (
    <div className="assistant-chat">
      <div className="assistant-chat__log">
        {state.messages.length === 0 && <DefaultPrompts onAsk={onAsk} onAlert={onAlert} />}
        <ol className="assistant-messages" aria-live="polite" aria-busy={state.busy}>
          {state.messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              conversationId={state.conversation?.id ?? null}
              onChange={onChange}
            />
          ))}
        </ol>
        {state.busy && (
          <p className="assistant-chat__loading" role="status">
            <Spinner />
            {state.looking ? t('looking', { tool: state.looking }) : t('thinking')}
          </p>
        )}
        {state.error && (
          <p className="notice notice--danger" role="alert">
            {state.error}
          </p>
        )}
        {state.drafted && (
          <p className="notice" role="status">
            {state.drafted === 'landed' ? t('draft.landed') : t('draft.noEditor')}
          </p>
        )}
        <div ref={end} />
      </div>
      {warning !== null && !ended && (
        <p className="notice notice--warning assistant-chat__idle" role="alert">
          {t('idle.warning', { count: warning })}{' '}
          <button type="button" className="button button--small" onClick={onStay}>
            {t('idle.stay')}
          </button>
        </p>
      )}
      {ended ? (
        <p className="notice assistant-chat__ended" role="status">
          {t('idle.ended')}
        </p>
      ) : (
        <form
          className="assistant-chat__form"
          onSubmit={(event) => {
            event.preventDefault();
            ask();
          }}
        >
          <label htmlFor={`${id}-question`} className="sr-only">
            {t('input.label')}
          </label>
          <textarea
            id={`${id}-question`}
            ref={inputRef}
            className="input assistant-chat__input"
            rows={2}
            maxLength={4000}
            placeholder={t('input.placeholder')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              onTyping();
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                ask();
              }
            }}
          />
          <button type="submit" className="button button--primary" disabled={state.busy || !text.trim()}>
            {t('input.send')}
          </button>
        </form>
      )}
    </div>
  );
}
