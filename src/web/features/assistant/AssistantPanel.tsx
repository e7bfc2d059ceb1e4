import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { overlayStore } from '../../commands/palette-store.ts';
import { Icon } from '../../components/Icon.tsx';
import { chordOf, isTextEntry, modalDialogOpen } from '../../keyboard/keys.ts';
import { endAssistantSession, getAssistantStatus } from './api.ts';
import { ChatView } from './ChatView.tsx';
import { HistoryList } from './HistoryList.tsx';
import { Landing, landingHidden } from './Landing.tsx';
import { assistantPanel, CLOSE_CHAT_EVENT, useAssistantPanel } from './panel-store.ts';
import { useChat } from './use-chat.ts';
import { useAssistantContext } from './use-context.ts';
import { useIdle } from './use-idle.ts';
import './assistant.css';

/** The key that opens the panel (commands.ts lists it for the `?` overlay and the docs). */
export const OPEN_KEY = 'i';

/**
 * The embedded chat assistant as a side panel (spec 2, section 9): landing screen, default
 * prompts, chat history, messages with their action bar, idle warning. `i` opens it, Esc
 * closes it and the focus returns to where it was; the close-chat event closes it too.
 */
export function AssistantPanel() {
  const { t } = useTranslation('assistant');
  const { open, endRequests, request: waiting } = useAssistantPanel();
  const [view, setView] = useState<'landing' | 'chat' | 'history'>(() =>
    landingHidden() ? 'chat' : 'landing',
  );
  const chat = useChat();
  const contextOf = useAssistantContext();
  const status = useQuery({ ...getAssistantStatus(), enabled: open });
  const panel = useRef<HTMLElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [endedHere, setEndedHere] = useState(false);
  const conversation = chat.state.conversation;
  const ended = endedHere || Boolean(conversation?.ended_at);

  const endSession = async () => {
    setEndedHere(true);
    if (conversation && !conversation.ended_at) {
      try {
        chat.patch({ conversation: await endAssistantSession(conversation.id) });
      } catch {
        // The server ends an idle session by itself too; the panel already shows it ended.
      }
    }
  };
  const idle = useIdle({
    active: open && Boolean(conversation) && !ended,
    limitSeconds: status.data?.idle_time_limit_seconds ?? 900,
    warningSeconds: status.data?.warning_offset_seconds ?? 60,
    onEnd: () => void endSession(),
  });

  // The key that opens it, wherever the console is, unless a field, a dialog or the palette has the keys.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTextEntry(event.target) || modalDialogOpen() || overlayStore.get())
        return;
      if (chordOf(event) !== OPEN_KEY) return;
      event.preventDefault();
      assistantPanel.open();
    };
    const onClose = () => assistantPanel.close();
    document.addEventListener('keydown', onKey);
    window.addEventListener(CLOSE_CHAT_EVENT, onClose);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener(CLOSE_CHAT_EVENT, onClose);
    };
  }, []);

  // Opening moves the focus in; closing gives it back to where it was.
  useEffect(() => {
    if (open) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && !panel.current?.contains(active) ? active : null;
      requestAnimationFrame(() => {
        const target =
          input.current ??
          panel.current?.querySelector<HTMLElement>('[data-assistant-start]') ??
          panel.current;
        target?.focus();
      });
    } else if (opener.current) {
      const back = opener.current;
      opener.current = null;
      if (back.isConnected) back.focus();
      else document.getElementById('main')?.focus();
    }
  }, [open]);

  // A question a palette command left for the panel is asked as soon as the assistant answers.
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once per request
  useEffect(() => {
    if (!open || !status.data?.available) return;
    const request = assistantPanel.take();
    if (!request) return;
    setView('chat');
    setEndedHere(false);
    chat.startNew();
    idle.touch();
    queueMicrotask(() => void chat.ask(request.prompt, contextOf(), request.draft));
  }, [open, status.data?.available, waiting]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the end-session method, once per call
  useEffect(() => {
    if (endRequests > 0) void endSession();
  }, [endRequests]);

  const ask = (prompt: string) => {
    idle.touch();
    void chat.ask(prompt, contextOf());
  };
  const startNew = () => {
    chat.startNew();
    setEndedHere(false);
    setView('chat');
    idle.touch();
    requestAnimationFrame(() => input.current?.focus());
  };
  const onAlert = /^\/alerts\/\d+/.test(window.location.pathname);

  return (
    <>
      {!open && (
        <button
          type="button"
          className="assistant-launcher button"
          aria-label={t('open')}
          title={t('open')}
          onClick={() => assistantPanel.open()}
        >
          <Icon name="assistant" size={20} />
        </button>
      )}
      <aside
        ref={panel}
        id="assistant-panel"
        className="assistant-panel"
        hidden={!open}
        aria-label={t('title')}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !event.defaultPrevented) {
            event.preventDefault();
            event.stopPropagation();
            assistantPanel.close();
          }
        }}
      >
        <header className="assistant-panel__header">
          <Icon name="assistant" size={20} />
          <h2 className="assistant-panel__title">{t('title')}</h2>
          <button type="button" className="button button--small" onClick={startNew}>
            {t('newChat')}
          </button>
          <button
            type="button"
            className="button button--small"
            aria-pressed={view === 'history'}
            onClick={() => setView(view === 'history' ? 'chat' : 'history')}
          >
            {t('history')}
          </button>
          <button
            type="button"
            className="button button--small button--ghost"
            aria-label={t('close')}
            onClick={() => assistantPanel.close()}
          >
            <Icon name="x" />
          </button>
        </header>
        {status.data && !status.data.available && status.data.reason ? (
          <p className="notice assistant-panel__off" role="status">
            {t(`unavailable.${status.data.reason}`)}
          </p>
        ) : view === 'landing' ? (
          <Landing
            onStart={() => {
              setView('chat');
              requestAnimationFrame(() => input.current?.focus());
            }}
          />
        ) : view === 'history' ? (
          <HistoryList
            currentId={conversation?.id ?? null}
            onSelect={async (id) => {
              await chat.select(id);
              setEndedHere(false);
              setView('chat');
              idle.touch();
            }}
            onDeleted={(id) => {
              if (conversation?.id === id) chat.startNew();
            }}
            onChanged={() => void chat.refreshHistory()}
          />
        ) : (
          <ChatView
            state={chat.state}
            ended={ended}
            warning={idle.warning}
            onAlert={onAlert}
            inputRef={input}
            onAsk={ask}
            onTyping={idle.touch}
            onStay={idle.touch}
            onChange={chat.replaceMessage}
          />
        )}
      </aside>
    </>
  );
}
