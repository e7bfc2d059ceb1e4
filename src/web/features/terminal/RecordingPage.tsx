import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { asLoaded } from '../../api/loaded.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import { useFormatTimestamp } from '../../components/Timestamp.tsx';
import { LoadedContent } from '../../components/table/LoadedContent.tsx';
import { getTerminalRecording } from './api.ts';
import { type Cast, castDuration, outputUntil, parseCast } from './asciicast.ts';
import { sessionLength } from './RecordingsPage.tsx';
import { type XtermHandle, XtermView } from './XtermView.tsx';
import './terminal.css';

/** A pause longer than this in the recording is shortened to it on replay. */
const MAX_PAUSE_MS = 1000;

/**
 * /terminal/recordings/:id: one session's recording, shown whole at once; Play replays it with
 * its own timing (long pauses shortened), Stop shows it whole again.
 */
export function RecordingPage({ params }: ScreenProps) {
  const sessionId = params.id ?? '';
  const { t } = useTranslation('terminal');
  const format = useFormatTimestamp();
  const load = asLoaded(useQuery(getTerminalRecording(sessionId)));
  const session = load.data;
  const cast = useMemo(
    () => (session?.recording ? parseCast(session.recording) : null),
    [session?.recording],
  );
  return (
    <div className="page-body">
      <header className="page-header">
        <h1>{session ? t('replay.title', { host: session.host_name }) : t('replay.titleLoading')}</h1>
        {session && (
          <p className="muted">
            {t('replay.who', {
              email: session.email,
              customer: session.customer_name,
              when: format(session.started_at),
              length: sessionLength(session),
            })}
            {session.client_address ? `, ${t('replay.from', { address: session.client_address })}` : ''}
            {session.end_reason ? ` · ${t(`reason.${session.end_reason}`)}` : ''}
          </p>
        )}
      </header>
      <LoadedContent
        load={load}
        empty={!cast}
        labels={{
          empty: t('replay.notYet'),
          loadFailed: t('replay.loadFailed'),
          retry: t('retry'),
          loading: t('loading'),
        }}
      >
        {cast && (
          <CastPlayer cast={cast} label={t('replay.terminalLabel', { host: session?.host_name ?? '' })} />
        )}
      </LoadedContent>
      <Link href="/terminal/recordings" className="button button--ghost">
        {t('replay.back')}
      </Link>
    </div>
  );
}

function CastPlayer({ cast, label }: { cast: Cast; label: string }) {
  const { t } = useTranslation('terminal');
  const terminal = useRef<XtermHandle | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const [playing, setPlaying] = useState(false);
  const size = useMemo(() => ({ cols: cast.width, rows: cast.height }), [cast]);

  const stopTimers = useCallback(() => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = [];
  }, []);
  const showAll = useCallback(() => {
    stopTimers();
    setPlaying(false);
    terminal.current?.reset();
    terminal.current?.write(outputUntil(cast, castDuration(cast)));
  }, [cast, stopTimers]);
  const play = () => {
    stopTimers();
    terminal.current?.reset();
    setPlaying(true);
    let at = 0;
    let previous = 0;
    for (const event of cast.events) {
      at += Math.min((event.time - previous) * 1000, MAX_PAUSE_MS);
      previous = event.time;
      if (event.code !== 'o') continue;
      timers.current.push(setTimeout(() => terminal.current?.write(event.data), at));
    }
    timers.current.push(setTimeout(() => setPlaying(false), at));
  };
  useEffect(() => stopTimers, [stopTimers]);

  return (
    <section aria-label={label}>
      <div className="terminal-replay__controls">
        {playing ? (
          <button type="button" className="button" onClick={showAll}>
            {t('replay.stop')}
          </button>
        ) : (
          <button type="button" className="button button--primary" onClick={play}>
            {t('replay.play')}
          </button>
        )}
        <span role="status">{playing ? t('replay.playing') : ''}</span>
      </div>
      <XtermView
        label={label}
        replay={size}
        onReady={(handle) => {
          terminal.current = handle;
          showAll();
        }}
      />
    </section>
  );
}
