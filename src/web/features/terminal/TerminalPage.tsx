import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { selectOpen, selectPhase } from '../../../../machines/terminal-session/selectors.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { useIsActivePage } from '../../shell/index.ts';
import { useTerminalSession } from './use-terminal-session.ts';
import { XtermView } from './XtermView.tsx';
import './terminal.css';

/** Refusals the screen words itself; anything else shows the server's message. */
const REFUSALS = new Set([
  'forbidden',
  'terminal_certificate_required',
  'terminal_unsupported_version',
  'terminal_disabled',
  'agent_not_connected',
  'not_found',
]);

/**
 * /agents/:id/terminal (issue 27): a live shell on the agent through the server's relay, in a
 * real terminal emulator. Says why it cannot start (each missing condition in its own words)
 * and why it ended; Ctrl+Shift+E ends it, Ctrl+Shift+L leaves the terminal for the buttons.
 * Leaving the screen ends the session; coming back starts a new one.
 */
export function TerminalPage({ params }: ScreenProps) {
  const agentId = params.id ?? '';
  const { t } = useTranslation('terminal');
  const session = useTerminalSession(agentId, useIsActivePage());
  const endButton = useRef<HTMLButtonElement>(null);
  const againButton = useRef<HTMLButtonElement>(null);
  const { snapshot } = session;
  const { host, refusal, reason } = snapshot.context;
  const phase = selectPhase(snapshot);
  const open = selectOpen(snapshot);

  const status =
    phase === 'starting'
      ? t('status.starting')
      : phase === 'connecting'
        ? t('status.connecting', { host })
        : phase === 'live'
          ? t('status.live', { host })
          : phase === 'ended'
            ? t(`ended.${reason ?? 'lost'}`)
            : refusal && REFUSALS.has(refusal.code)
              ? t(`refused.${refusal.code}` as 'refused.forbidden')
              : t('refused.failed', { message: refusal?.message ?? '' });

  return (
    <div className="page-body terminal-page">
      <header className="page-header">
        <h1>{host ? t('titleOn', { host }) : t('title')}</h1>
        <p className="muted">{t('keys')}</p>
      </header>
      <p
        role={phase === 'refused' || phase === 'ended' ? 'alert' : 'status'}
        className={`terminal-page__status terminal-page__status--${phase}`}
        data-phase={phase}
      >
        {status}
      </p>
      <div className="terminal-page__actions">
        {open ? (
          <button ref={endButton} type="button" className="button" onClick={session.end}>
            {t('end')}
          </button>
        ) : phase !== 'starting' ? (
          <button ref={againButton} type="button" className="button" onClick={session.start}>
            {t('again')}
          </button>
        ) : null}
        {open && (
          <button type="button" className="button button--ghost" onClick={session.focusTerminal}>
            {t('focus')}
          </button>
        )}
        <Link href={`/agents/${agentId}`} className="button button--ghost">
          {t('back')}
        </Link>
      </div>
      <div hidden={phase === 'refused'}>
        <XtermView
          label={t('terminalLabel', { host })}
          onReady={session.onReady}
          onData={session.input}
          onResize={session.resize}
          onShortcut={(shortcut) => {
            if (shortcut === 'end') session.end();
            else (endButton.current ?? againButton.current)?.focus();
          }}
        />
      </div>
    </div>
  );
}
